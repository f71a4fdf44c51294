import { describe, expect, it } from 'vitest';
import {
  checkUnitValue,
  convertOnUnitChange,
  DATA_SIZE_SCALE,
  DATA_SIZE_UNITS,
  DURATION_SCALE,
  smallestUnit,
  toBytes,
  toMilliseconds,
  toSeconds,
} from './unit-rules';

const durations = { units: ['SECONDS', 'MINUTES', 'HOURS'] as const, scale: DURATION_SCALE };

describe('unit rules (spec sections 3 and 9)', () => {
  it('converts durations by 1000 and 60', () => {
    expect(toMilliseconds(2, 'SECONDS')).toBe(2000);
    expect(toMilliseconds(1, 'HOURS')).toBe(3_600_000);
    expect(toSeconds(3, 'MINUTES')).toBe(180);
    expect(toSeconds(1500, 'MILLISECONDS')).toBe(1.5);
  });

  it('converts data sizes by 1024', () => {
    expect(toBytes(1, 'KILOBYTE')).toBe(1024);
    expect(toBytes(2, 'MEGABYTE')).toBe(2 * 1024 * 1024);
    expect(toBytes(7, 'BYTE')).toBe(7);
  });

  it('finds the smallest unit offered', () => {
    expect(smallestUnit(durations.units, DURATION_SCALE)).toBe('SECONDS');
    expect(smallestUnit(DATA_SIZE_UNITS, DATA_SIZE_SCALE)).toBe('BYTE');
  });

  it('keeps the amount when the unit changes and it is whole in the new unit', () => {
    expect(convertOnUnitChange(120, 'SECONDS', 'MINUTES', DURATION_SCALE)).toBe(2);
    expect(convertOnUnitChange(2, 'MINUTES', 'SECONDS', DURATION_SCALE)).toBe(120);
    expect(convertOnUnitChange(2048, 'BYTE', 'KILOBYTE', DATA_SIZE_SCALE)).toBe(2);
  });

  it('keeps the number when the amount would not be whole in the new unit', () => {
    expect(convertOnUnitChange(90, 'SECONDS', 'MINUTES', DURATION_SCALE)).toBe(90);
    expect(convertOnUnitChange(1000, 'BYTE', 'KILOBYTE', DATA_SIZE_SCALE)).toBe(1000);
    expect(convertOnUnitChange(null, 'BYTE', 'KILOBYTE', DATA_SIZE_SCALE)).toBeNull();
  });

  it('names the broken limit in the chosen unit', () => {
    const bounds = { ...durations, min: 1, max: 7200 };
    expect(checkUnitValue(3, 'HOURS', bounds)).toEqual({ kind: 'above-max', limit: 2, unit: 'HOURS' });
    expect(checkUnitValue(7201, 'SECONDS', bounds)).toEqual({ kind: 'above-max', limit: 7200, unit: 'SECONDS' });
    expect(checkUnitValue(0, 'MINUTES', bounds)).toEqual({ kind: 'below-min', limit: 0.017, unit: 'MINUTES' });
    expect(checkUnitValue(120, 'MINUTES', bounds)).toBeUndefined();
    expect(checkUnitValue(1, 'SECONDS', bounds)).toBeUndefined();
  });

  it('checks bounds again after a unit change that kept the number', () => {
    const bounds = { units: DATA_SIZE_UNITS, scale: DATA_SIZE_SCALE, max: 256 * 1024 };
    const kept = convertOnUnitChange(1000, 'BYTE', 'KILOBYTE', DATA_SIZE_SCALE);
    expect(checkUnitValue(kept, 'KILOBYTE', bounds)).toEqual({ kind: 'above-max', limit: 256, unit: 'KILOBYTE' });
  });

  it('refuses amounts finer than the smallest unit offered', () => {
    expect(checkUnitValue(0.5, 'SECONDS', durations)).toEqual({ kind: 'not-whole', unit: 'SECONDS' });
    expect(checkUnitValue(1.5, 'MINUTES', durations)).toBeUndefined();
  });

  it('requires a value only when asked', () => {
    expect(checkUnitValue(null, 'SECONDS', { ...durations, required: true })).toEqual({ kind: 'required' });
    expect(checkUnitValue(null, 'SECONDS', durations)).toBeUndefined();
  });
});
