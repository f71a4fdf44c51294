// Spec sections 3 and 9, units: time in milliseconds, seconds, minutes and hours (conversions by 1000
// and 60), data sizes in bytes, KB, MB and GB (conversions by 1024), named as the production broker
// names them.

export type DurationUnit = 'MILLISECONDS' | 'SECONDS' | 'MINUTES' | 'HOURS';
export type DataSizeUnit = 'BYTE' | 'KILOBYTE' | 'MEGABYTE' | 'GIGABYTE';

/** How many of the smallest unit of its kind one unit holds. */
export type UnitScale<U extends string> = Readonly<Record<U, number>>;

export const DURATION_SCALE: UnitScale<DurationUnit> = { MILLISECONDS: 1, SECONDS: 1000, MINUTES: 60_000, HOURS: 3_600_000 };
export const DATA_SIZE_SCALE: UnitScale<DataSizeUnit> = { BYTE: 1, KILOBYTE: 1024, MEGABYTE: 1024 ** 2, GIGABYTE: 1024 ** 3 };

export const DURATION_UNITS: readonly DurationUnit[] = ['MILLISECONDS', 'SECONDS', 'MINUTES', 'HOURS'];
export const DATA_SIZE_UNITS: readonly DataSizeUnit[] = ['BYTE', 'KILOBYTE', 'MEGABYTE', 'GIGABYTE'];

export const toMilliseconds = (value: number, unit: DurationUnit): number => value * DURATION_SCALE[unit];
export const toSeconds = (value: number, unit: DurationUnit): number => (value * DURATION_SCALE[unit]) / DURATION_SCALE.SECONDS;
export const toBytes = (value: number, unit: DataSizeUnit): number => value * DATA_SIZE_SCALE[unit];

/** The offered unit with the smallest size: the unit min and max are given in. */
export function smallestUnit<U extends string>(units: readonly U[], scale: UnitScale<U>): U {
  return units.reduce((smallest, unit) => (scale[unit] < scale[smallest] ? unit : smallest));
}

/**
 * The number to show after the unit changed: the same amount in the new unit when that is a whole
 * number (120 seconds become 2 minutes); otherwise the number as it was (90 seconds become 90
 * minutes), whose bounds are then checked again in the new unit.
 */
export function convertOnUnitChange<U extends string>(value: number | null, from: U, to: U, scale: UnitScale<U>): number | null {
  if (value === null) return null;
  const converted = (value * scale[from]) / scale[to];
  return Number.isInteger(converted) ? converted : value;
}

export type UnitProblem<U extends string> =
  | { kind: 'required' }
  | { kind: 'not-whole'; unit: U }
  | { kind: 'below-min'; limit: number; unit: U }
  | { kind: 'above-max'; limit: number; unit: U };

export interface UnitBounds<U extends string> {
  units: readonly U[];
  scale: UnitScale<U>;
  /** In the smallest unit offered. */
  min?: number;
  /** In the smallest unit offered. */
  max?: number;
  required?: boolean;
}

const roundLimit = (limit: number) => Math.round(limit * 1000) / 1000;

/** The problem of a value in a unit, with the limit it breaks told in that unit. */
export function checkUnitValue<U extends string>(value: number | null, unit: U, bounds: UnitBounds<U>): UnitProblem<U> | undefined {
  if (value === null || Number.isNaN(value)) return bounds.required ? { kind: 'required' } : undefined;
  const base = smallestUnit(bounds.units, bounds.scale);
  const ratio = bounds.scale[unit] / bounds.scale[base];
  const amount = value * ratio;
  // The smallest unit offered is the finest step: half a second is refused when seconds are the smallest.
  if (!Number.isInteger(Math.round(amount * 1e9) / 1e9)) return { kind: 'not-whole', unit: base };
  if (bounds.min !== undefined && amount < bounds.min) return { kind: 'below-min', limit: roundLimit(bounds.min / ratio), unit };
  if (bounds.max !== undefined && amount > bounds.max) return { kind: 'above-max', limit: roundLimit(bounds.max / ratio), unit };
  return undefined;
}
