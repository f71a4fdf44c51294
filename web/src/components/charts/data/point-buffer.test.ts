import { describe, expect, it } from 'vitest';
import { alignLines, breakGaps, PointBuffer } from './point-buffer';

const points = (pairs: [number, number][]) => ({ times: Float64Array.from(pairs.map(([ts]) => ts)), values: Float64Array.from(pairs.map(([, value]) => value)) });

describe('a line’s points', () => {
  it('appends the newest points after the ones it holds', () => {
    const buffer = new PointBuffer();
    buffer.replaceFrom(0, points([[1000, 1], [2000, 2]]));
    buffer.replaceFrom(3000, points([[3000, 3]]));
    expect([...buffer.timesView()]).toEqual([1000, 2000, 3000]);
    expect([...buffer.valuesView()]).toEqual([1, 2, 3]);
    expect(buffer.lastTs).toBe(3000);
  });

  it('replaces an aggregation bucket that was still filling up', () => {
    const buffer = new PointBuffer();
    buffer.replaceFrom(0, points([[0, 5], [10_000, 2]]));
    buffer.replaceFrom(10_000, points([[10_000, 7], [20_000, 1]]));
    expect([...buffer.timesView()]).toEqual([0, 10_000, 20_000]);
    expect([...buffer.valuesView()]).toEqual([5, 7, 1]);
  });

  it('drops the points that slid out of the window', () => {
    const buffer = new PointBuffer();
    buffer.replaceFrom(0, points([[1000, 1], [2000, 2], [3000, 3]]));
    buffer.dropBefore(2000);
    expect([...buffer.timesView()]).toEqual([2000, 3000]);
  });

  it('keeps every point across many appends and drops (a week of samples sliding)', () => {
    const buffer = new PointBuffer();
    for (let ts = 0; ts < 100_000; ts += 1) {
      buffer.replaceFrom(ts, points([[ts, ts * 2]]));
      buffer.dropBefore(ts - 999);
    }
    expect(buffer.length).toBe(1000);
    expect(buffer.timesView()[0]).toBe(99_000);
    expect(buffer.valuesView()[999]).toBe(199_998);
  });
});

describe('lines on one time axis', () => {
  it('uses the lines as they are when they share their times', () => {
    const total = points([[1000, 3], [2000, 4]]);
    const node = points([[1000, 1], [2000, 2]]);
    const aligned = alignLines([total, node]);
    expect(aligned.times).toBe(total.times);
    expect(aligned.series).toEqual([total.values, node.values]);
  });

  it('draws a line across a time only another line has a point at (undefined; null would break it)', () => {
    const aligned = alignLines([points([[1000, 3], [2000, 4], [3000, 5]]), points([[2000, 2], [4000, 9]])]);
    expect([...aligned.times]).toEqual([1000, 2000, 3000, 4000]);
    expect(aligned.series).toStrictEqual([
      [3, 4, 5, undefined],
      [undefined, 2, undefined, 9],
    ]);
  });

  it('keeps the page alive when a line comes out of time order, drawing what precedes the disorder', () => {
    const aligned = alignLines([points([[1000, 3], [3000, 5]]), points([[2000, 2], [4000, 9], [1500, 1]])]);
    expect([...aligned.times]).toEqual([1000, 1500, 2000, 3000, 4000]);
    expect(aligned.series[1]).toStrictEqual([undefined, undefined, 2, undefined, 9]);
  });
});

describe('gaps where nothing was measured', () => {
  it('leaves lines without long gaps as they are', () => {
    const aligned = { times: Float64Array.from([0, 10, 20]), series: [Float64Array.from([1, 2, 3])] };
    expect(breakGaps(aligned, 25)).toBe(aligned);
  });

  it('puts a time without values between points further apart than the limit', () => {
    const aligned = { times: Float64Array.from([0, 10, 100, 110, 300]), series: [Float64Array.from([1, 2, 3, 4, 5]), [6, undefined, 8, 9, 10]] };
    const broken = breakGaps(aligned, 25);
    expect(Array.from(broken.times)).toEqual([0, 10, 55, 100, 110, 205, 300]);
    expect(broken.series).toStrictEqual([
      [1, 2, null, 3, 4, null, 5],
      [6, undefined, null, 8, 9, null, 10],
    ]);
  });
});
