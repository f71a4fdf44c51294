import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TimeseriesKey } from '../timeseries-keys.js';
import { heldAggregates } from './held-aggregates.js';
import { PixelColumnReducer, pixelColumnOf, type PixelGrid } from './pixel-columns.js';
import { pointsToColumns } from './points-text.js';
import { type HeldSamples, lowerBound } from './sample-cache.js';
import type { CountedPoints, PointsText, SampleColumns, TimeseriesRepository } from './timeseries-repository.js';
import type { Aggregation, SortOrder } from './timeseries-sql.js';

// A query the contract allows (every key, 100,000 buckets, 100,000 samples per key) is seconds of
// SQLite on the event loop, and SQLite runs on that thread: four at once held an MQTT publish for
// 2.3 s (issue 26 N9). The node's file is opened in exclusive mode, so no other thread can read it;
// instead a query runs as slices of bounded work, and MQTT and HTTP get their turn between slices.

/** Points (bucket or sample × key) a slice reads at most: a few milliseconds of SQLite. */
export const SLICE_POINTS = 4096;
/** The sampler's shortest interval: a slice of raw samples starts spanning this times the samples it may read per key. */
const MIN_SAMPLE_SPACING_MS = 1000;
/**
 * Samples are mostly further apart (10 s by default), so a slice that read under half its share
 * is followed by one twice as wide, up to this many times the first: a slice's fixed cost (its
 * statements, a turn of the event loop) was most of a raw week's time in slices of 400 samples.
 * The bound keeps a slice that grew over sparse samples and then meets 1 s ones within this
 * many slices' work.
 */
const MAX_SLICE_GROWTH = 16;

export interface SlicedQuery {
  entityId: string;
  keys: TimeseriesKey[];
  startTs: number;
  endTs: number;
  limit: number;
  order: SortOrder;
  /** Aborted when the client went away: the query stops at its next slice. */
  signal?: AbortSignal;
}

/** One key's points gathered slice by slice, newest or oldest first, up to the query's limit (which counts samples). */
class Gathered {
  private readonly parts = new Map<TimeseriesKey, string[]>();
  private readonly left = new Map<TimeseriesKey, number>();

  constructor(keys: TimeseriesKey[], limit: number) {
    for (const key of keys) {
      this.parts.set(key, []);
      this.left.set(key, limit);
    }
  }

  /** Keys still short of their limit, and how many each may take. */
  open(): { keys: TimeseriesKey[]; limits: number[] } {
    const keys = [...this.left].filter(([, left]) => left > 0).map(([key]) => key);
    return { keys, limits: keys.map((key) => this.left.get(key) ?? 0) };
  }

  /** Answers how many samples the slice read, over all keys. */
  add(points: Record<string, CountedPoints>): number {
    let read = 0;
    for (const [key, { text, count }] of Object.entries(points) as [TimeseriesKey, CountedPoints][]) {
      if (count === 0) continue;
      this.parts.get(key)?.push(text.slice(1, -1));
      this.left.set(key, (this.left.get(key) ?? 0) - count);
      read += count;
    }
    return read;
  }

  text(): PointsText {
    return Object.fromEntries([...this.parts].map(([key, parts]) => [key, `[${parts.join(',')}]`]));
  }
}

/**
 * Each key's samples reduced as they are read (a PixelColumnReducer per key), up to the query's
 * limit of samples per key: only the points the reducers keep are held.
 */
class Reduced {
  private readonly reducers: PixelColumnReducer[];
  private readonly left: number[];

  constructor(
    private readonly keys: TimeseriesKey[],
    limit: number,
    private readonly grid: PixelGrid,
    order: SortOrder,
  ) {
    this.reducers = keys.map(() => new PixelColumnReducer(grid, order));
    this.left = keys.map(() => limit);
  }

  get done(): boolean {
    return this.left.every((left) => left <= 0);
  }

  /** Answers how many samples the slice held, over all keys. */
  add({ times, values }: SampleColumns): number {
    let read = 0;
    values.forEach((column, index) => {
      const reducer = this.reducers[index] as PixelColumnReducer;
      let left = this.left[index] as number;
      for (let row = 0; row < times.length && left > 0; row += 1) {
        const value = column[row];
        if (value === null || value === undefined) continue;
        reducer.add(times[row] as number, value);
        left -= 1;
        read += 1;
      }
      this.left[index] = left;
    });
    return read;
  }

  /** Rows [start, end) of held columns (NaN: no value), oldest first or newest first. */
  addHeld(times: readonly number[], columns: readonly (readonly number[])[], start: number, end: number, ascending: boolean): void {
    // Each row's pixel column once for all keys: a week of 12 keys is 725,760 samples.
    const pixels = new Float64Array(end - start);
    for (let row = start; row < end; row += 1) pixels[row - start] = pixelColumnOf(times[row] as number, this.grid);
    columns.forEach((column, index) => {
      const reducer = this.reducers[index] as PixelColumnReducer;
      let left = this.left[index] as number;
      for (let step = 0; step < end - start && left > 0; step += 1) {
        const row = ascending ? start + step : end - 1 - step;
        const value = column[row] as number;
        if (Number.isNaN(value)) continue;
        reducer.addInColumn(pixels[row - start] as number, times[row] as number, value);
        left -= 1;
      }
      this.left[index] = left;
    });
  }

  /** Each key's points kept, as TimeseriesData's lists or (`columns`) TimeseriesColumns' arrays. */
  text(columns: boolean): PointsText {
    return Object.fromEntries(this.keys.map((key, index) => [key, (this.reducers[index] as PixelColumnReducer).text(columns)]));
  }
}

/** Rows of held samples reduced per event-loop turn: all of a query's keys, a few milliseconds. */
const HELD_SLICE_ROWS = 4096;

/** The held samples of [startTs, endTs) given to `reduced` in the query's order, as read from SQLite they would be. */
async function reduceHeld(held: HeldSamples, query: SlicedQuery, reduced: Reduced): Promise<void> {
  const { times } = held;
  const columns = query.keys.map((key) => held.columns.get(key) ?? []);
  const from = lowerBound(times, query.startTs);
  const to = lowerBound(times, query.endTs);
  const ascending = query.order === 'ASC';
  for (let done = 0; done < to - from && !reduced.done; done += HELD_SLICE_ROWS) {
    const count = Math.min(HELD_SLICE_ROWS, to - from - done);
    const start = ascending ? from + done : to - done - count;
    reduced.addHeld(times, columns, start, start + count, ascending);
    await nextTurn();
    query.signal?.throwIfAborted();
  }
}

/** Slices of [startTs, endTs) of `width` ms, aligned on startTs, in the query's order. */
function* slices(startTs: number, endTs: number, width: number, order: SortOrder): Generator<{ startTs: number; endTs: number }> {
  const count = Math.ceil((endTs - startTs) / width);
  for (let step = 0; step < count; step += 1) {
    const index = order === 'ASC' ? step : count - 1 - step;
    const sliceStart = startTs + index * width;
    yield { startTs: sliceStart, endTs: Math.min(sliceStart + width, endTs) };
  }
}

/**
 * Buckets of `interval` ms per key: from the samples held in memory when they are (held-aggregates.ts,
 * the same answer in a few milliseconds), else from SQLite a slice of whole buckets at a time, after
 * which the entity's samples are read into memory for the next query, beside other work.
 */
export async function slicedAggregates(repository: TimeseriesRepository, query: SlicedQuery, interval: number, aggregation: Aggregation): Promise<PointsText> {
  const held = repository.heldSamplesIfLoaded(query.entityId, query.keys);
  const answer = held && (await heldAggregates(held, { ...query, interval, aggregation }, () => nextTurn()));
  if (answer) return answer;
  const points = await sqliteAggregates(repository, query, interval, aggregation);
  // After this answer has gone: the first slice of reading would otherwise delay it.
  if (!held) void nextTurn().then(() => repository.heldSamples(query.entityId, query.keys, () => nextTurn())).catch(() => undefined);
  return points;
}

/** Buckets of `interval` ms per key from SQLite, a slice of whole buckets at a time. */
export async function sqliteAggregates(repository: TimeseriesRepository, query: SlicedQuery, interval: number, aggregation: Aggregation): Promise<PointsText> {
  const gathered = new Gathered(query.keys, query.limit);
  const bucketsPerSlice = Math.max(1, Math.floor(SLICE_POINTS / query.keys.length));
  for (const slice of slices(query.startTs, query.endTs, bucketsPerSlice * interval, query.order)) {
    const open = gathered.open();
    if (open.keys.length === 0) break;
    gathered.add(repository.aggregatedPoints({ ...query, ...slice, ...open, interval, aggregation }));
    await nextTurn();
    query.signal?.throwIfAborted();
  }
  return gathered.text();
}

/**
 * Walks [startTs, endTs) in the query's order a slice of time at a time, stretches without samples
 * skipped; `read` reads one slice and answers the points it read, which sizes the next slice
 * around `slicePoints`. Stops when `done`, at the range's end, or when the query is aborted.
 */
async function eachSampleSlice(repository: TimeseriesRepository, query: SlicedQuery, slicePoints: number, read: (slice: { startTs: number; endTs: number }) => number, done: () => boolean): Promise<void> {
  const firstWidth = Math.max(1, Math.floor(slicePoints / query.keys.length)) * MIN_SAMPLE_SPACING_MS;
  let width = firstWidth;
  let { startTs, endTs } = query;
  for (;;) {
    if (done()) return;
    const first = repository.firstSampleTime(query.entityId, startTs, endTs, query.order);
    if (first === undefined) return;
    const slice = query.order === 'ASC' ? { startTs: first, endTs: Math.min(first + width, endTs) } : { startTs: Math.max(first + 1 - width, startTs), endTs: first + 1 };
    const points = read(slice);
    if (points < slicePoints / 2) width = Math.min(width * 2, firstWidth * MAX_SLICE_GROWTH);
    else if (points > slicePoints) width = Math.max(firstWidth, Math.floor(width / 2));
    if (query.order === 'ASC') startTs = slice.endTs;
    else endTs = slice.startTs;
    await nextTurn();
    query.signal?.throwIfAborted();
  }
}

/**
 * Points a slice of samples read for reduction holds at most: these are read in one pass over the
 * rows, all keys at once, and cost about a quarter of what the same points cost read a key at a
 * time (measured on a raw week of 12 keys), so a slice of this many is as short.
 */
const REDUCED_SLICE_POINTS = 4 * SLICE_POINTS;

/**
 * Samples per key, a slice of time at a time; with `pixelColumns`, reduced as they are read to
 * those a chart that wide shows (pixel-columns.ts), every key's from one pass over the rows.
 * With `columns`, each key's as TimeseriesColumns' arrays rather than TimeseriesData's list.
 */
export async function slicedSamples(repository: TimeseriesRepository, query: SlicedQuery, pixelColumns?: number, pixelLeft?: number, columns = false): Promise<PointsText> {
  if (pixelColumns === undefined) {
    const gathered = new Gathered(query.keys, query.limit);
    await eachSampleSlice(repository, query, SLICE_POINTS, (slice) => gathered.add(repository.rawPoints({ ...query, ...slice, ...gathered.open() })), () => gathered.open().keys.length === 0);
    return columns ? asColumns(gathered.text()) : gathered.text();
  }
  const grid = { startTs: query.startTs, endTs: query.endTs, columns: pixelColumns, ...(pixelLeft === undefined ? {} : { left: pixelLeft }) };
  const reduced = new Reduced(query.keys, query.limit, grid, query.order);
  const held = await repository.heldSamples(query.entityId, query.keys, () => nextTurn());
  query.signal?.throwIfAborted();
  if (held) {
    await reduceHeld(held, query, reduced);
    return reduced.text(columns);
  }
  const reader = repository.sampleColumnsReader(query.entityId, query.keys, query.order);
  try {
    await eachSampleSlice(repository, query, REDUCED_SLICE_POINTS, (slice) => reduced.add(reader.read(slice.startTs, slice.endTs)), () => reduced.done);
  } finally {
    reader.close();
  }
  return reduced.text(columns);
}

/** Each key's TimeseriesData list rewritten as TimeseriesColumns' arrays. */
export function asColumns(points: PointsText): PointsText {
  return Object.fromEntries(Object.entries(points).map(([key, text]) => [key, pointsToColumns(text)]));
}
