import { firstIndexAtOrAfter, type SeriesValues } from '../values/series-statistics';

/** Points of one line in time order, as two parallel typed arrays. */
export interface Points {
  times: Float64Array;
  values: Float64Array;
}

const INITIAL_CAPACITY = 256;

/**
 * One line's points, oldest first, kept in typed arrays that grow by doubling: realtime updates
 * append the newest points and drop those that slid out of the window without copying the rest,
 * and the chart reads views of the arrays, not copies.
 */
export class PointBuffer {
  private times: Float64Array<ArrayBuffer> = new Float64Array(INITIAL_CAPACITY);
  private values: Float64Array<ArrayBuffer> = new Float64Array(INITIAL_CAPACITY);
  private start = 0;
  private end = 0;

  get length(): number {
    return this.end - this.start;
  }

  /** The newest point's time, undefined when empty. */
  get lastTs(): number | undefined {
    return this.end > this.start ? this.times[this.end - 1] : undefined;
  }

  /** Drops the points at or after `fromTs` (an aggregation bucket still filling up) and appends `points`, which start at or after it. */
  replaceFrom(fromTs: number, points: Points): void {
    this.end = this.start + firstIndexAtOrAfter(this.timesView(), fromTs);
    const count = points.times.length;
    this.ensureRoom(count);
    this.times.set(points.times, this.end);
    this.values.set(points.values, this.end);
    this.end += count;
  }

  /** Drops the points before `ts`. */
  dropBefore(ts: number): void {
    this.start += firstIndexAtOrAfter(this.timesView(), ts);
  }

  clear(): void {
    this.start = 0;
    this.end = 0;
  }

  timesView(): Float64Array {
    return this.times.subarray(this.start, this.end);
  }

  valuesView(): Float64Array {
    return this.values.subarray(this.start, this.end);
  }

  private ensureRoom(count: number): void {
    if (this.end + count <= this.times.length) return;
    const length = this.length;
    // Moving the points to the front is enough while they fill at most half the arrays; past that, double.
    let capacity = this.times.length;
    while (length + count > capacity / 2) capacity *= 2;
    this.times = movedToFront(this.times, this.start, this.end, capacity);
    this.values = movedToFront(this.values, this.start, this.end, capacity);
    this.start = 0;
    this.end = length;
  }
}

function movedToFront(array: Float64Array<ArrayBuffer>, start: number, end: number, capacity: number): Float64Array<ArrayBuffer> {
  if (capacity === array.length) return array.copyWithin(0, start, end);
  const grown = new Float64Array(capacity);
  grown.set(array.subarray(start, end));
  return grown;
}

/** Lines on one time axis, as uPlot draws them: `series[i][j]` is line i at `times[j]`. */
export interface AlignedLines {
  times: Float64Array;
  series: SeriesValues[];
  /** Points of a line further apart than this have a gap drawn between them (pixel-column-paths.ts); breakGaps' threshold. */
  maxGapMs?: number;
}

function sameTimes(first: Float64Array, second: Float64Array): boolean {
  if (first.length !== second.length) return false;
  for (let index = 0; index < first.length; index += 1) if (first[index] !== second[index]) return false;
  return true;
}

/**
 * Puts lines sampled at their own times on one axis. Lines of one broker are sampled together, so
 * usually every line has the same times and the views are used as they are; otherwise the times
 * are merged and a line has no value (undefined, drawn across) where it has no point: points
 * reduced to pixel columns differ from line to line, and a null there would break every line.
 */
export function alignLines(lines: readonly Points[]): AlignedLines {
  const first = lines[0];
  if (!first) return { times: new Float64Array(0), series: [] };
  if (lines.every((line) => sameTimes(line.times, first.times))) {
    return { times: first.times, series: lines.map((line) => line.values) };
  }
  // Every line's times in one typed array, sorted, each once: a Set of a raw week's 7,000 times and
  // its sort took 30–50 ms over a page of 12 charts, this a tenth of it.
  const all = new Float64Array(lines.reduce((sum, line) => sum + line.times.length, 0));
  let filled = 0;
  for (const line of lines) {
    all.set(line.times, filled);
    filled += line.times.length;
  }
  all.sort();
  let distinct = 0;
  for (let index = 0; index < all.length; index += 1) if (distinct === 0 || all[index] !== all[distinct - 1]) all[distinct++] = all[index] as number;
  const times = all.subarray(0, distinct);
  const series = lines.map((line) => {
    const values: (number | undefined)[] = new Array<number | undefined>(times.length).fill(undefined);
    let cursor = 0;
    for (let index = 0; index < line.times.length; index += 1) {
      // A line out of time order (a malformed answer) loses the points behind it, rather than loop forever.
      while (cursor < times.length && times[cursor] !== line.times[index]) cursor += 1;
      if (cursor < times.length) values[cursor] = line.values[index] as number;
    }
    return values;
  });
  return { times, series };
}

/**
 * Breaks the lines where the broker has no samples (it was stopped, or the node was away): between
 * two times more than `maxGapMs` apart a time with no value is put in, so the chart shows a gap
 * rather than a straight line across hours nobody measured. Lines without such gaps come back as
 * they are.
 */
export function breakGaps(aligned: AlignedLines, maxGapMs: number): AlignedLines {
  const { times, series } = aligned;
  const gapsAfter: number[] = [];
  for (let index = 1; index < times.length; index += 1) {
    if ((times[index] as number) - (times[index - 1] as number) > maxGapMs) gapsAfter.push(index - 1);
  }
  if (gapsAfter.length === 0) return aligned;
  const broken = new Float64Array(times.length + gapsAfter.length);
  const brokenSeries = series.map(() => new Array<number | null | undefined>(broken.length));
  let target = 0;
  let nextGap = 0;
  for (let index = 0; index < times.length; index += 1) {
    broken[target] = times[index] as number;
    series.forEach((values, line) => ((brokenSeries[line] as (number | null | undefined)[])[target] = values[index]));
    target += 1;
    if (gapsAfter[nextGap] === index) {
      broken[target] = ((times[index] as number) + (times[index + 1] as number)) / 2;
      for (const values of brokenSeries) values[target] = null;
      target += 1;
      nextGap += 1;
    }
  }
  return { times: broken, series: brokenSeries };
}
