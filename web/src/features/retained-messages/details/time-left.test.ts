import { describe, expect, it } from 'vitest';
import { timeLeft } from './time-left';

describe('time left until a retained message expires', () => {
  it('takes the largest whole unit that fits', () => {
    expect(timeLeft(59_999)).toEqual({ value: 59, unit: 'second' });
    expect(timeLeft(90_000)).toEqual({ value: 1, unit: 'minute' });
    expect(timeLeft(23 * 3_600_000 + 59 * 60_000)).toEqual({ value: 23, unit: 'hour' });
    expect(timeLeft(86_400_000)).toEqual({ value: 1, unit: 'day' });
  });

  it('counts a moment passed as nothing left', () => {
    expect(timeLeft(-5000)).toEqual({ value: 0, unit: 'second' });
  });
});
