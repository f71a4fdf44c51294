import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heldAggregates } from '../../../src/monitoring/storage/held-aggregates.js';
import { slicedAggregates, sqliteAggregates } from '../../../src/monitoring/storage/sliced-points.js';
import { TimeseriesRepository } from '../../../src/monitoring/storage/timeseries-repository.js';
import type { Aggregation } from '../../../src/monitoring/storage/timeseries-sql.js';
import type { TimeseriesKey } from '../../../src/monitoring/timeseries-keys.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

// An aggregated query answers from the samples the repository holds in memory (held-aggregates.ts)
// once they are held. Its buckets must be SQLite's, value for value: sums of reals compensated as
// SQLite compensates them, integers summed as integers, empty buckets left out, edges anywhere.

let store: ReturnType<typeof openTemporaryDatabase>;
let repository: TimeseriesRepository;

beforeEach(() => {
  store = openTemporaryDatabase();
  repository = new TimeseriesRepository(store.database);
});

afterEach(() => store.destroy());

/** Integers, integers with gaps, reals, integers and reals mixed, and reals large enough that their sum loses digits uncompensated. */
const KEYS: TimeseriesKey[] = ['incomingMsgs', 'sessions', 'cpuUsage', 'memoryUsage', 'inboundPayloadTraffic'];
const AGGREGATIONS: Aggregation[] = ['AVG', 'SUM', 'MIN', 'MAX', 'COUNT'];
const HOUR = 3_600_000;

/** A repeatable stream of numbers in [0, 1). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function valuesAt(step: number, next: () => number): Partial<Record<TimeseriesKey, number>> {
  const large = (next() < 0.5 ? -1 : 1) * (1e15 + Math.floor(next() * 1000)) + next();
  return {
    incomingMsgs: Math.floor(next() * 100_000),
    ...(step % 5 === 0 ? {} : { sessions: step % 97 }),
    cpuUsage: next() * 100,
    // Whole numbers are stored as integers (NUMERIC affinity): a real sum starts from them.
    memoryUsage: step % 3 === 0 ? step * 1000 : next() * 1e9,
    ...(step % 7 === 0 ? {} : { inboundPayloadTraffic: step % 2 === 0 ? large : next() * 1e-3 }),
  };
}

/** About 3 days of samples 1–20 s apart, a day without any in the middle; answers the first and last times. */
function storeSamples(entityId: string): { first: number; last: number } {
  const next = numbers(29);
  const first = 1_700_000_000_123;
  let ts = first;
  for (let step = 1; ts < first + 3 * 24 * HOUR; step += 1) {
    repository.store({ entityId, ts, values: valuesAt(step, next) });
    ts += 1000 + Math.floor(next() * 19_000);
    if (step === 4000) ts += 24 * HOUR;
  }
  return { first, last: ts };
}

type Parsed = Record<string, { ts: number; value: number }[]>;
const parsed = (text: Record<string, string>): Parsed => Object.fromEntries(Object.entries(text).map(([key, points]) => [key, JSON.parse(points) as { ts: number; value: number }[]]));

/** The held answer is given (not left to SQLite) and equals SQLite's for every aggregation, order and limit. */
async function expectHeldAsSqlite(entityId: string, range: { startTs: number; endTs: number; interval: number }): Promise<number> {
  const held = repository.heldSamplesIfLoaded(entityId, KEYS);
  expect(held).toBeDefined();
  let points = 0;
  for (const aggregation of AGGREGATIONS) {
    for (const order of ['ASC', 'DESC'] as const) {
      for (const limit of [100_000, 7]) {
        const query = { entityId, keys: KEYS, ...range, limit, order };
        const fromHeld = await heldAggregates(held!, { ...query, aggregation }, () => nextTurn());
        expect(fromHeld, `${aggregation} ${order} ${limit}: answered from memory`).toBeDefined();
        const fromSqlite = parsed(await sqliteAggregates(repository, query, range.interval, aggregation));
        expect(parsed(fromHeld!), `${aggregation} ${order} ${limit} ${JSON.stringify(range)}`).toEqual(fromSqlite);
        points += Object.values(fromSqlite).reduce((sum, list) => sum + list.length, 0);
      }
    }
  }
  return points;
}

describe('aggregates of the samples held in memory', () => {
  it('equal SQLite over bucket edges off the samples, gaps, empty buckets and a last bucket cut short', async () => {
    const { first, last } = storeSamples('node');
    await repository.heldSamples('node', KEYS, () => nextTurn());
    const ranges = [
      // The console's week view: edges at a moment, not on the hour; the range past both ends.
      { startTs: first - 7 * HOUR - 12_345, endTs: last + 5 * HOUR + 1, interval: HOUR },
      // Buckets shorter than the samples' spacing: many empty ones; the range cut mid-bucket.
      { startTs: first + 37, endTs: first + 2 * HOUR + 999, interval: 1000 },
      { startTs: first - 1, endTs: last, interval: 7 * 60_000 + 3 },
      // The range ends inside a bucket, samples on both sides of its end.
      { startTs: first + 1000, endTs: first + 60 * HOUR + 1234, interval: HOUR },
      // Across the day without samples, one bucket for the whole range, a bucket edge on a sample.
      { startTs: first + 20 * HOUR, endTs: first + 50 * HOUR, interval: 5 * HOUR },
      { startTs: first, endTs: last + 1, interval: 100 * HOUR },
    ];
    let points = 0;
    for (const range of ranges) points += await expectHeldAsSqlite('node', range);
    expect(points).toBeGreaterThan(10_000);
  });

  it('equal SQLite after samples are appended, stored out of order and pruned', async () => {
    const { first, last } = storeSamples('node');
    await repository.heldSamples('node', KEYS, () => nextTurn());
    const range = { startTs: first - 1234, endTs: last + 2 * HOUR, interval: HOUR + 1 };
    const next = numbers(7);
    for (let step = 1; step <= 200; step += 1) repository.store({ entityId: 'node', ts: last + step * 10_000, values: valuesAt(step, next) });
    await expectHeldAsSqlite('node', range);
    // Older than the newest: the held samples are read again.
    repository.store({ entityId: 'node', ts: first + 3 * HOUR + 1, values: { incomingMsgs: 5, cpuUsage: 0.5, memoryUsage: 3, inboundPayloadTraffic: -1e15 - 0.25 } });
    expect(repository.heldSamplesIfLoaded('node', KEYS)).toBeUndefined();
    await repository.heldSamples('node', KEYS, () => nextTurn());
    await expectHeldAsSqlite('node', range);
    repository.prune(first + 10 * HOUR, 1000, 'node');
    await expectHeldAsSqlite('node', range);
  });

  it('leaves to SQLite what doubles cannot add as SQLite does, and the service answers the same either way', async () => {
    const start = 1_700_000_000_000;
    for (let step = 0; step < 100; step += 1) repository.store({ entityId: 'big', ts: start + step * 10_000, values: { incomingMsgs: step === 50 ? 2 ** 60 : step, cpuUsage: step / 3 } });
    const held = await repository.heldSamples('big', KEYS, () => nextTurn());
    const query = { entityId: 'big', keys: KEYS, startTs: start, endTs: start + 1_000_000, limit: 1000, order: 'ASC' as const };
    expect(await heldAggregates(held!, { ...query, interval: 60_000, aggregation: 'SUM' }, () => nextTurn())).toBeUndefined();
    expect(await slicedAggregates(repository, query, 60_000, 'SUM')).toEqual(await sqliteAggregates(repository, query, 60_000, 'SUM'));
  });

  it('answers from SQLite until the samples are held, then reads them into memory for the next query', async () => {
    const { first, last } = storeSamples('node');
    const query = { entityId: 'node', keys: KEYS, startTs: first, endTs: last, limit: 100_000, order: 'DESC' as const };
    expect(repository.heldSamplesIfLoaded('node', KEYS)).toBeUndefined();
    const cold = await slicedAggregates(repository, query, HOUR, 'AVG');
    expect(cold).toEqual(await sqliteAggregates(repository, query, HOUR, 'AVG'));
    await expect.poll(() => repository.heldSamplesIfLoaded('node', KEYS)).toBeDefined();
    expect(parsed(await slicedAggregates(repository, query, HOUR, 'AVG'))).toEqual(parsed(cold));
  });
});
