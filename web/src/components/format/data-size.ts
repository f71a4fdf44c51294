/** Spec section 9: data sizes count in steps of 1024 (byte, KB, MB). */
export const DATA_SIZE_FACTOR = 1024;

export type DataSizeUnit = 'byte' | 'KB' | 'MB' | 'GB';

const UNITS: readonly DataSizeUnit[] = ['byte', 'KB', 'MB', 'GB'];

/** A size in the largest unit that keeps it at 1 or more, to one decimal above bytes, e.g. 1536 → 1.5 KB. */
export function dataSizeOf(bytes: number): { value: number; unit: DataSizeUnit } {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= DATA_SIZE_FACTOR && unit < UNITS.length - 1) {
    value /= DATA_SIZE_FACTOR;
    unit += 1;
  }
  // 1023.96 KB rounds to 1024.0 KB: that is 1 MB.
  if (unit > 0 && Math.round(value * 10) / 10 >= DATA_SIZE_FACTOR && unit < UNITS.length - 1) {
    value /= DATA_SIZE_FACTOR;
    unit += 1;
  }
  return { value: unit === 0 ? value : Math.round(value * 10) / 10, unit: UNITS[unit] as DataSizeUnit };
}
