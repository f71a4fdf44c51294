/**
 * A line's values: a typed array when it has a value at every time; otherwise null where nothing
 * was measured (uPlot breaks the line there) and undefined at a time only another line has a point
 * at (uPlot draws the line across it).
 */
export type SeriesValues = Float64Array | readonly (number | null | undefined)[];

/** What the legend shows of one line over the time range in view. */
export interface SeriesStatistics {
  min: number;
  max: number;
  avg: number;
  /** The value at the newest time in view that has one. */
  latest: number;
}

/**
 * Minimum, maximum, average and latest of `values[from, to)`, skipping gaps; undefined when the
 * range holds no value. One pass, no allocation: it runs on every zoom and every realtime update.
 */
export function seriesStatistics(values: SeriesValues, from = 0, to = values.length): SeriesStatistics | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  let latest = 0;
  for (let index = Math.max(0, from); index < Math.min(to, values.length); index += 1) {
    const value = values[index];
    if (value === null || value === undefined || Number.isNaN(value)) continue;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    count += 1;
    latest = value;
  }
  return count === 0 ? undefined : { min, max, avg: sum / count, latest };
}

/** The index of the first time at or after `ts` in ascending `times` (times.length when none is). */
export function firstIndexAtOrAfter(times: Float64Array, ts: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < ts) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index range `[from, to)` of `times` within `[startTs, endTs]`. */
export function indexRangeOf(times: Float64Array, startTs: number, endTs: number): { from: number; to: number } {
  return { from: firstIndexAtOrAfter(times, startTs), to: firstIndexAtOrAfter(times, endTs + 1) };
}
