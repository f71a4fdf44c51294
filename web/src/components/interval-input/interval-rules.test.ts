import { describe, expect, it } from 'vitest';
import { checkInterval, normalise, toMilliseconds, toParts, wholeSecondBound } from './interval-rules';

const parts = (days: number, hours: number, minutes: number, seconds: number) => ({ days, hours, minutes, seconds });

describe('interval rules (spec section 5)', () => {
  it('splits milliseconds into days, hours, minutes and seconds', () => {
    expect(toParts(90_000)).toEqual(parts(0, 0, 1, 30));
    expect(toParts(93_784_000)).toEqual(parts(1, 2, 3, 4));
    expect(toParts(1_500)).toEqual(parts(0, 0, 0, 1));
    expect(toParts(0)).toEqual(parts(0, 0, 0, 0));
    expect(toParts(-5_000)).toEqual(parts(0, 0, 0, 0));
  });

  it('adds the parts up to milliseconds', () => {
    expect(toMilliseconds(parts(1, 2, 3, 4))).toBe(93_784_000);
    expect(toMilliseconds(parts(0, 0, 0, 90))).toBe(90_000);
  });

  it('carries seconds and minutes past 59 and hours past 23', () => {
    expect(normalise(parts(0, 0, 0, 75))).toEqual(parts(0, 0, 1, 15));
    expect(normalise(parts(0, 0, 60, 0))).toEqual(parts(0, 1, 0, 0));
    expect(normalise(parts(0, 25, 0, 0))).toEqual(parts(1, 1, 0, 0));
    expect(normalise(parts(0, 23, 59, 60))).toEqual(parts(1, 0, 0, 0));
    expect(normalise(parts(40, 0, 0, 0))).toEqual(parts(40, 0, 0, 0));
  });

  it('borrows a negative value from the larger units', () => {
    expect(normalise(parts(0, 0, 1, -1))).toEqual(parts(0, 0, 0, 59));
    expect(normalise(parts(1, 0, 0, -1))).toEqual(parts(0, 23, 59, 59));
    expect(normalise(parts(0, 2, -30, 0))).toEqual(parts(0, 1, 30, 0));
  });

  it('clamps at 0 when there is nothing to borrow from', () => {
    expect(normalise(parts(0, 0, 0, -1))).toEqual(parts(0, 0, 0, 0));
    expect(normalise(parts(-1, 5, 0, 0))).toEqual(parts(0, 0, 0, 0));
  });

  it('keeps whole units: fractions become smaller units, the total whole seconds', () => {
    expect(normalise(parts(0, 0, 1.5, 0))).toEqual(parts(0, 0, 1, 30));
    expect(normalise(parts(0, 0, 0, 2.4))).toEqual(parts(0, 0, 0, 2));
  });

  it('requires a total above 0 within the bounds', () => {
    const bounds = { min: 10_000, max: 3_600_000 };
    expect(checkInterval(0, bounds)).toBe('not-positive');
    expect(checkInterval(0, {})).toBe('not-positive');
    expect(checkInterval(9_000, bounds)).toBe('below-min');
    expect(checkInterval(3_601_000, bounds)).toBe('above-max');
    expect(checkInterval(10_000, bounds)).toBeUndefined();
    expect(checkInterval(3_600_000, bounds)).toBeUndefined();
  });

  it('requires an interval only when asked', () => {
    expect(checkInterval(null, { required: true })).toBe('required');
    expect(checkInterval(null, {})).toBeUndefined();
  });

  it('tells a bound in whole seconds that lie inside it', () => {
    expect(wholeSecondBound(7_200.5, 'below-min')).toBe(8_000);
    expect(wholeSecondBound(514_285.7, 'above-max')).toBe(514_000);
    expect(wholeSecondBound(18_000, 'below-min')).toBe(18_000);
  });
});
