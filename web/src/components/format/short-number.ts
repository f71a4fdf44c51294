/** Spec section 9: thousands, millions, billions, trillions and quadrillions, smallest first. */
const UNITS = [
  { suffix: '', size: 1 },
  { suffix: 'K', size: 1e3 },
  { suffix: 'M', size: 1e6 },
  { suffix: 'B', size: 1e9 },
  { suffix: 'T', size: 1e12 },
  { suffix: 'Q', size: 1e15 },
] as const;

type Unit = (typeof UNITS)[number];

/** Rounds to one decimal, halves away from zero so that 1.25M and -1.25M mirror each other. */
function roundToOneDecimal(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10;
}

/**
 * Shortens a count for counters and chart axes (spec section 9: K, M, B, T, Q with one decimal),
 * e.g. 1500 → "1.5K", 1 250 000 → "1.3M". The locale only chooses the decimal separator.
 */
export function shortNumber(value: number, locale = 'en-US'): string {
  let unit: Unit = UNITS.findLast((candidate) => Math.abs(value) >= candidate.size) ?? UNITS[0];
  let rounded = roundToOneDecimal(value / unit.size);
  // 999 950 rounds to 1000.0K: that is 1M.
  const larger = UNITS[UNITS.indexOf(unit) + 1];
  if (Math.abs(rounded) >= 1000 && larger) {
    unit = larger;
    rounded = roundToOneDecimal(value / unit.size);
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false }).format(rounded);
  return `${number}${unit.suffix}`;
}
