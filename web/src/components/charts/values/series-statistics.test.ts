import { describe, expect, it } from 'vitest';
import { indexRangeOf, seriesStatistics } from './series-statistics';

describe('legend statistics', () => {
  it('gives min, max, average and the newest value of a line', () => {
    expect(seriesStatistics(Float64Array.from([4, 1, 7, 2]))).toEqual({ min: 1, max: 7, avg: 3.5, latest: 2 });
  });

  it('skips the gaps of a line: they are neither zero nor the latest value', () => {
    expect(seriesStatistics([null, 5, null, 3, null])).toEqual({ min: 3, max: 5, avg: 4, latest: 3 });
  });

  it('counts only the points in view when zoomed', () => {
    const values = Float64Array.from([100, 1, 2, 3, 100]);
    expect(seriesStatistics(values, 1, 4)).toEqual({ min: 1, max: 3, avg: 2, latest: 3 });
  });

  it('has no statistics for a line without a value in view', () => {
    expect(seriesStatistics([null, null])).toBeUndefined();
    expect(seriesStatistics(new Float64Array(0))).toBeUndefined();
  });

  it('keeps negative and zero values', () => {
    expect(seriesStatistics([0, -2, 0])).toEqual({ min: -2, max: 0, avg: -2 / 3, latest: 0 });
  });
});

describe('points in view', () => {
  const times = Float64Array.from([1000, 2000, 3000, 4000]);

  it('includes both ends of the range', () => {
    expect(indexRangeOf(times, 2000, 3000)).toEqual({ from: 1, to: 3 });
  });

  it('is empty for a range between or beyond the points', () => {
    expect(indexRangeOf(times, 2100, 2900)).toEqual({ from: 2, to: 2 });
    expect(indexRangeOf(times, 5000, 6000)).toEqual({ from: 4, to: 4 });
  });
});
