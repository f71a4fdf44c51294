// Spec section 5, interval inputs: days, hours, minutes and seconds are integers with carry and
// borrow (seconds 0-59, minutes 0-59, hours 0-23, days at least 0); the total must be above 0 and
// within the minimum and maximum intervals; the field is required only when asked.
import { DURATION_SCALE } from '../unit-input/unit-rules';

export interface IntervalParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Spec section 9: 86400 seconds a day. */
export const DAY_MS = 24 * DURATION_SCALE.HOURS;

const PART_SCALE: Readonly<Record<keyof IntervalParts, number>> = {
  days: DAY_MS,
  hours: DURATION_SCALE.HOURS,
  minutes: DURATION_SCALE.MINUTES,
  seconds: DURATION_SCALE.SECONDS,
};

/** Whole days, hours, minutes and seconds of a duration; parts of a second and negative totals give 0. */
export function toParts(ms: number): IntervalParts {
  let left = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / DURATION_SCALE.SECONDS) * DURATION_SCALE.SECONDS : 0;
  const take = (unit: keyof IntervalParts) => {
    const count = Math.floor(left / PART_SCALE[unit]);
    left -= count * PART_SCALE[unit];
    return count;
  };
  return { days: take('days'), hours: take('hours'), minutes: take('minutes'), seconds: take('seconds') };
}

export function toMilliseconds(parts: IntervalParts): number {
  const amount = (unit: keyof IntervalParts) => (Number.isFinite(parts[unit]) ? parts[unit] * PART_SCALE[unit] : 0);
  return amount('days') + amount('hours') + amount('minutes') + amount('seconds');
}

/**
 * Carries each unit past its range into the next (75 s become 1 min 15 s) and lets a negative
 * value borrow from the larger units (1 min −1 s become 59 s). With nothing left to borrow from,
 * the interval clamps at 0. A fraction of a larger unit becomes smaller units; the total is
 * rounded to whole seconds.
 */
export function normalise(parts: IntervalParts): IntervalParts {
  const seconds = Math.round(toMilliseconds(parts) / DURATION_SCALE.SECONDS);
  return toParts(seconds * DURATION_SCALE.SECONDS);
}

export type IntervalError = 'required' | 'not-positive' | 'below-min' | 'above-max';

export interface IntervalBounds {
  /** In milliseconds. */
  min?: number;
  /** In milliseconds. */
  max?: number;
  required?: boolean;
}

/** The first rule an interval in milliseconds breaks; an empty interval (null) only when required. */
export function checkInterval(ms: number | null, { min, max, required = false }: IntervalBounds): IntervalError | undefined {
  if (ms === null || Number.isNaN(ms)) return required ? 'required' : undefined;
  if (ms <= 0) return 'not-positive';
  if (min !== undefined && ms < min) return 'below-min';
  if (max !== undefined && ms > max) return 'above-max';
  return undefined;
}

/** The bound to tell the user in whole seconds: the shortest allowed interval rounds up, the longest down. */
export function wholeSecondBound(limit: number, error: 'below-min' | 'above-max'): number {
  const round = error === 'below-min' ? Math.ceil : Math.floor;
  return round(limit / DURATION_SCALE.SECONDS) * DURATION_SCALE.SECONDS;
}
