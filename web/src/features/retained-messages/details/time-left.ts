type LeftUnit = 'second' | 'minute' | 'hour' | 'day';

const UNITS: readonly { unit: LeftUnit; milliseconds: number; limit: number }[] = [
  { unit: 'second', milliseconds: 1000, limit: 60 },
  { unit: 'minute', milliseconds: 60_000, limit: 60 },
  { unit: 'hour', milliseconds: 3_600_000, limit: 24 },
  { unit: 'day', milliseconds: 86_400_000, limit: Number.POSITIVE_INFINITY },
];

/** Time left until a moment, in the largest whole unit that fits (e.g. 90 s is 1 minute); nothing left is 0 seconds. */
export function timeLeft(milliseconds: number): { value: number; unit: LeftUnit } {
  const left = Math.max(0, milliseconds);
  const { unit, milliseconds: size } = UNITS.find((candidate) => left / candidate.milliseconds < candidate.limit) ?? (UNITS.at(-1) as (typeof UNITS)[number]);
  return { value: Math.floor(left / size), unit };
}
