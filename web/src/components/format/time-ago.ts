import type { IntlShape } from 'react-intl';

/** Spec section 9: anything younger than 29 seconds happened "just now". */
export const JUST_NOW_LIMIT_MS = 29_000;

type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

const YEAR = { unit: 'year', milliseconds: 365 * 86_400_000, limit: Number.POSITIVE_INFINITY } as const;

/** Each unit is used while the age, counted in that unit, stays below its limit. */
const UNITS: readonly { unit: RelativeUnit; milliseconds: number; limit: number }[] = [
  { unit: 'second', milliseconds: 1000, limit: 60 },
  { unit: 'minute', milliseconds: 60_000, limit: 60 },
  { unit: 'hour', milliseconds: 3_600_000, limit: 24 },
  { unit: 'day', milliseconds: 86_400_000, limit: 30 },
  { unit: 'month', milliseconds: 30 * 86_400_000, limit: 12 },
  YEAR,
];

/** The largest whole unit that fits the age, e.g. 90 s is 1 minute. */
function largestWholeUnit(ageMs: number): { value: number; unit: RelativeUnit } {
  const { unit, milliseconds } = UNITS.find((candidate) => ageMs / candidate.milliseconds < candidate.limit) ?? YEAR;
  return { value: Math.floor(ageMs / milliseconds), unit };
}

/**
 * How long ago a moment was, in the reader's language: "just now" under 29 seconds (spec section 9;
 * also for a moment slightly ahead of a skewed clock), otherwise e.g. "5 minutes ago".
 */
export function formatTimeAgo(intl: IntlShape, timestamp: number, now: number = Date.now()): string {
  const ageMs = now - timestamp;
  if (ageMs < JUST_NOW_LIMIT_MS) return intl.formatMessage({ id: 'time.just-now' });
  const { value, unit } = largestWholeUnit(ageMs);
  return intl.formatRelativeTime(-value, unit);
}
