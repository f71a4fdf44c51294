import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TimeseriesKey } from '../timeseries-keys.js';
import { PixelColumnReducer } from './pixel-columns.js';
import type { CountedPoints, PointsText, TimeseriesRepository } from './timeseries-repository.js';
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

/**
 * One key's points gathered slice by slice, newest or oldest first, up to the query's limit (which
 * counts samples); with a reducer per key, only the points it keeps are held.
 */
class Gathered {
  private readonly parts = new Map<TimeseriesKey, string[]>();
  private readonly left = new Map<TimeseriesKey, number>();
  private readonly reducers = new Map<TimeseriesKey, PixelColumnReducer>();

  constructor(keys: TimeseriesKey[], limit: number, reducer?: () => PixelColumnReducer) {
    for (const key of keys) {
      this.parts.set(key, []);
      this.left.set(key, limit);
      if (reducer) this.reducers.set(key, reducer());
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
      const reducer = this.reducers.get(key);
      if (reducer) {
        const [times, values] = JSON.parse(text) as [number[], number[]];
        for (let index = 0; index < count; index += 1) reducer.add(times[index] as number, values[index] as number);
      } else {
        this.parts.get(key)?.push(text.slice(1, -1));
      }
      this.left.set(key, (this.left.get(key) ?? 0) - count);
      read += count;
    }
    return read;
  }

  text(): PointsText {
    return Object.fromEntries([...this.parts].map(([key, parts]) => [key, this.reducers.get(key)?.text() ?? `[${parts.join(',')}]`]));
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

/** Buckets of `interval` ms per key, a slice of whole buckets at a time. */
export async function slicedAggregates(repository: TimeseriesRepository, query: SlicedQuery, interval: number, aggregation: Aggregation): Promise<PointsText> {
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
 * Samples per key, a slice of time at a time, stretches without samples skipped; with
 * `pixelColumns`, reduced as they are read to those a chart that wide shows (pixel-columns.ts).
 */
export async function slicedSamples(repository: TimeseriesRepository, query: SlicedQuery, pixelColumns?: number, pixelLeft?: number): Promise<PointsText> {
  const grid = { startTs: query.startTs, endTs: query.endTs, columns: pixelColumns ?? 1, ...(pixelLeft === undefined ? {} : { left: pixelLeft }) };
  const reducer = pixelColumns === undefined ? undefined : () => new PixelColumnReducer(grid, query.order);
  const gathered = new Gathered(query.keys, query.limit, reducer);
  const firstWidth = Math.max(1, Math.floor(SLICE_POINTS / query.keys.length)) * MIN_SAMPLE_SPACING_MS;
  let width = firstWidth;
  let { startTs, endTs } = query;
  for (;;) {
    const open = gathered.open();
    const first = repository.firstSampleTime(query.entityId, startTs, endTs, query.order);
    if (open.keys.length === 0 || first === undefined) break;
    const slice = query.order === 'ASC' ? { startTs: first, endTs: Math.min(first + width, endTs) } : { startTs: Math.max(first + 1 - width, startTs), endTs: first + 1 };
    const sliceQuery = { ...query, ...slice, ...open };
    const read = gathered.add(pixelColumns === undefined ? repository.rawPoints(sliceQuery) : repository.rawSampleArrays(sliceQuery));
    if (read < SLICE_POINTS / 2) width = Math.min(width * 2, firstWidth * MAX_SLICE_GROWTH);
    else if (read > SLICE_POINTS) width = Math.max(firstWidth, Math.floor(width / 2));
    if (query.order === 'ASC') startTs = slice.endTs;
    else endTs = slice.startTs;
    await nextTurn();
    query.signal?.throwIfAborted();
  }
  return gathered.text();
}
