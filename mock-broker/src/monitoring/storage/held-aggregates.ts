import type { HeldSamples } from './sample-cache.js';
import { lowerBound } from './sample-cache.js';
import type { PointsText } from './timeseries-repository.js';
import type { Aggregation, SortOrder } from './timeseries-sql.js';
import type { TimeseriesKey } from '../timeseries-keys.js';

// The buckets of an aggregated query computed from the samples the repository holds in memory
// (sample-cache.ts) instead of SQLite: a week of 12 keys in hourly buckets was 60–80 ms of SQLite
// a node, one node at a time, on the broker's only thread (issue 29). The answer must be SQLite's,
// value for value, so each aggregate does what SQLite 3.53's does (func.c): COUNT counts the
// values; MIN and MAX pick one; SUM adds integers exactly as 64-bit integers until the first real,
// then goes on in doubles with Kahan-Babuska-Neumaier compensation; AVG is that sum over the count.
// A column of NUMERIC affinity stores every whole number below 2^63 as an integer, so a held value
// is an integer exactly when it is a whole number. Where a double could not follow SQLite exactly
// (integers from 2^52 on, a sum that is not finite) the query answers undefined and SQLite answers it.

/** Rows aggregated (× keys) per event-loop turn: a millisecond or so. */
const SLICE_VALUES = 50_000;
/** From here an integer sum or value no longer fits the double arithmetic that mirrors SQLite's. */
const EXACT_INTEGERS = 2 ** 52;

export interface HeldAggregateQuery {
  keys: TimeseriesKey[];
  startTs: number;
  endTs: number;
  limit: number;
  order: SortOrder;
  interval: number;
  aggregation: Aggregation;
  signal?: AbortSignal;
}

/** Not answerable from doubles exactly as SQLite answers: the caller asks SQLite. */
class NotExact extends Error {}

/** SQLite's sum of the values in rows [from, to) of `column` (NaN: no value): `{ value, count }`, value undefined when there are none. */
function sumOf(column: readonly number[], from: number, to: number): { value: number; count: number; integer: boolean } {
  let count = 0;
  let integerSum = 0;
  let approximate = false;
  let sum = 0;
  let error = 0;
  const step = (value: number) => {
    const total = sum + value;
    if (Math.abs(sum) > Math.abs(value)) error += sum - total + value;
    else error += value - total + sum;
    sum = total;
  };
  for (let row = from; row < to; row += 1) {
    const value = column[row] as number;
    if (Number.isNaN(value)) continue;
    count += 1;
    const integer = Number.isInteger(value);
    if (integer && Math.abs(value) >= EXACT_INTEGERS) throw new NotExact();
    if (!approximate) {
      if (integer) {
        integerSum += value;
        if (Math.abs(integerSum) >= EXACT_INTEGERS) throw new NotExact();
      } else {
        approximate = true;
        sum = integerSum;
        error = 0;
        step(value);
      }
    } else {
      step(value);
    }
  }
  if (!approximate) return { value: integerSum, count, integer: true };
  return { value: Number.isFinite(error) ? sum + error : sum, count, integer: false };
}

/** One key's aggregate over rows [from, to) as SQLite answers it; undefined where it answers NULL (no values, or COUNT 0). */
function aggregateOf(aggregation: Aggregation, column: readonly number[], from: number, to: number): number | undefined {
  if (aggregation === 'MIN' || aggregation === 'MAX') {
    let picked: number | undefined;
    for (let row = from; row < to; row += 1) {
      const value = column[row] as number;
      if (Number.isNaN(value)) continue;
      if (Number.isInteger(value) && Math.abs(value) >= EXACT_INTEGERS) throw new NotExact();
      if (picked === undefined || (aggregation === 'MIN' ? value < picked : value > picked)) picked = value;
    }
    return picked;
  }
  const { value, count } = sumOf(column, from, to);
  if (count === 0) return undefined;
  if (aggregation === 'COUNT') return count;
  return aggregation === 'SUM' ? value : value / count;
}

/**
 * Each key's buckets of `interval` ms from `startTs` (the last one cut at `endTs`), answered at
 * their starts in the query's order, buckets without a value left out, `limit` per key: the JSON
 * text SQLite's aggregatedPoints gives, from held samples, in slices with `nextTurn` between them.
 * Undefined when SQLite must answer (see above).
 */
export async function heldAggregates(held: HeldSamples, query: HeldAggregateQuery, nextTurn: () => Promise<void>): Promise<PointsText | undefined> {
  // The arrays as they are now: a sample replaced or pruned meanwhile makes new ones, and one
  // appended lies past this end.
  const { times } = held;
  const rows = times.length;
  const columns = query.keys.map((key) => held.columns.get(key));
  if (columns.some((column) => column === undefined)) return undefined;
  const parts = query.keys.map((): string[] => []);
  const left = query.keys.map(() => query.limit);
  const buckets = Math.ceil((query.endTs - query.startTs) / query.interval);
  let work = 0;
  try {
    for (let step = 0; step < buckets && left.some((count) => count > 0); step += 1) {
      const index = query.order === 'ASC' ? step : buckets - 1 - step;
      const start = query.startTs + index * query.interval;
      const from = Math.min(lowerBound(times, start), rows);
      const to = Math.min(lowerBound(times, Math.min(start + query.interval, query.endTs)), rows);
      columns.forEach((column, key) => {
        if ((left[key] as number) <= 0) return;
        const value = aggregateOf(query.aggregation, column as number[], from, to);
        if (value === undefined) return;
        if (!Number.isFinite(value)) throw new NotExact();
        (parts[key] as string[]).push(`{"ts":${start},"value":${value}}`);
        left[key] = (left[key] as number) - 1;
      });
      work += (to - from + 1) * columns.length;
      if (work >= SLICE_VALUES) {
        work = 0;
        await nextTurn();
        query.signal?.throwIfAborted();
      }
    }
  } catch (error) {
    if (error instanceof NotExact) return undefined;
    throw error;
  }
  return Object.fromEntries(query.keys.map((key, index) => [key, `[${(parts[index] as string[]).join(',')}]`]));
}
