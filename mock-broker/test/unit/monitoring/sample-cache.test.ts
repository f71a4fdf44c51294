import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slicedSamples } from '../../../src/monitoring/storage/sliced-points.js';
import { SampleCache, type HeldSamplesSource } from '../../../src/monitoring/storage/sample-cache.js';
import { TimeseriesRepository } from '../../../src/monitoring/storage/timeseries-repository.js';
import type { TimeseriesKey } from '../../../src/monitoring/timeseries-keys.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

// A reduced raw query answers from samples the repository holds in memory once it read them
// (sample-cache.ts). Whatever was written since, it must answer what a repository reading the
// samples afresh from SQLite answers: appended, replaced, pruned and out-of-order samples included.

let store: ReturnType<typeof openTemporaryDatabase>;
let repository: TimeseriesRepository;
const capacity = { cpuCount: 2, totalMemory: 4e9, totalDiskSpace: 1e11 };
const KEYS: TimeseriesKey[] = ['incomingMsgs', 'sessions', 'cpuUsage'];
const SAMPLE_MS = 10_000;

beforeEach(() => {
  store = openTemporaryDatabase();
  repository = new TimeseriesRepository(store.database);
});

afterEach(() => store.destroy());

const valuesAt = (step: number) => ({ incomingMsgs: (step * 7919) % 1000, ...(step % 4 === 0 ? {} : { sessions: step % 97 }), cpuUsage: ((step * 31) % 1000) / 10 });

/** Both answers for every entity and order, over a range wider than the samples, 300 columns with a half-pixel plot edge. */
async function expectHeldAnswersAsFresh(entityIds: string[], endTs: number): Promise<void> {
  const fresh = new TimeseriesRepository(store.database);
  for (const entityId of entityIds) {
    for (const order of ['ASC', 'DESC'] as const) {
      for (const limit of [100_000, 500]) {
        const query = { entityId, keys: KEYS, startTs: 0, endTs, limit, order };
        const held = await slicedSamples(repository, query, 300, 20.5);
        expect(held, `${entityId} ${order} ${limit}`).toEqual(await slicedSamples(fresh, query, 300, 20.5));
        expect(JSON.parse(held.incomingMsgs ?? '[]')).not.toHaveLength(0);
      }
    }
  }
}

describe('the samples a reduced raw query holds', () => {
  it('answers as SQLite after samples are appended, replaced, pruned and stored out of order', async () => {
    repository.recordNode('node', 0, capacity);
    for (let step = 1; step <= 3000; step += 1) repository.storeNodeSample({ entityId: 'node', ts: step * SAMPLE_MS, values: valuesAt(step) }, capacity);
    const endTs = 4000 * SAMPLE_MS;
    await expectHeldAnswersAsFresh(['node', 'total'], endTs);

    // Newer samples, through the sampler's path (the node's and the total's).
    for (let step = 3001; step <= 3100; step += 1) repository.storeNodeSample({ entityId: 'node', ts: step * SAMPLE_MS, values: valuesAt(step + 1) }, capacity);
    await expectHeldAnswersAsFresh(['node', 'total'], endTs);

    // The newest sample stored again with other values, one key fewer.
    repository.store({ entityId: 'node', ts: 3100 * SAMPLE_MS, values: { incomingMsgs: 123_456, cpuUsage: 99.5 } });
    await expectHeldAnswersAsFresh(['node'], endTs);

    // Retention: the oldest go, a batch at a time.
    repository.prune(500 * SAMPLE_MS, 200, 'node');
    await expectHeldAnswersAsFresh(['node', 'total'], endTs);
    repository.prune(500 * SAMPLE_MS, 1000, 'node');
    await expectHeldAnswersAsFresh(['node', 'total'], endTs);

    // A sample older than the newest (another node's clock, a restore): held again from SQLite.
    repository.store({ entityId: 'node', ts: 1234 * SAMPLE_MS + 5, values: { incomingMsgs: -5000, sessions: 5000, cpuUsage: 0.25 } });
    await expectHeldAnswersAsFresh(['node'], endTs);
  });

  it('answers as SQLite for an entity that is not a node, stored and pruned with its samples', async () => {
    for (let step = 1; step <= 1000; step += 1) repository.store({ entityId: 'integration-1', ts: step * SAMPLE_MS, values: valuesAt(step) });
    const endTs = 2000 * SAMPLE_MS;
    await expectHeldAnswersAsFresh(['integration-1'], endTs);
    const newer = Array.from({ length: 50 }, (_unused, index) => ({ entityId: 'integration-1', ts: (1001 + index) * SAMPLE_MS, values: valuesAt(index) }));
    repository.storeEntitySamples(newer, 300 * SAMPLE_MS, 100);
    await expectHeldAnswersAsFresh(['integration-1'], endTs);
  });

  it('answers as SQLite when samples are written while it reads an entity a slice at a time', async () => {
    // More rows than one slice of the first read holds: the writes land between its slices.
    repository.recordNode('node', 0, capacity);
    for (let step = 1; step <= 20_000; step += 1) repository.store({ entityId: 'node', ts: step * SAMPLE_MS, values: valuesAt(step) });
    const endTs = 30_000 * SAMPLE_MS;
    const query = { entityId: 'node', keys: KEYS, startTs: 0, endTs, limit: 100_000, order: 'DESC' as const };
    const writesWhileReading = [
      () => repository.store({ entityId: 'node', ts: 20_001 * SAMPLE_MS, values: valuesAt(1) }),
      () => repository.store({ entityId: 'node', ts: 5 * SAMPLE_MS, values: { incomingMsgs: 1e6 } }),
      () => repository.prune(100 * SAMPLE_MS, 50, 'none'),
    ];
    for (const write of writesWhileReading) {
      repository = new TimeseriesRepository(store.database);
      const reading = slicedSamples(repository, query, 300, 20.5);
      write();
      const answered = await reading;
      expect(answered).toEqual(await slicedSamples(new TimeseriesRepository(store.database), query, 300, 20.5));
      await expectHeldAnswersAsFresh(['node'], endTs);
    }
  });

  it('keeps answering as SQLite when a write fails in its transaction', async () => {
    for (let step = 1; step <= 500; step += 1) repository.store({ entityId: 'node', ts: step * SAMPLE_MS, values: valuesAt(step) });
    await expectHeldAnswersAsFresh(['node'], 1000 * SAMPLE_MS);
    // A sample whose time is not an integer breaks the primary key's type after the held samples were told of another.
    const broken = [
      { entityId: 'node', ts: 501 * SAMPLE_MS, values: valuesAt(501) },
      { entityId: 'node', ts: Number.NaN, values: valuesAt(502) },
    ];
    expect(() => repository.storeEntitySamples(broken, 0, 10)).toThrow();
    await expectHeldAnswersAsFresh(['node'], 1000 * SAMPLE_MS);
  });
});

describe('reading samples into memory ahead of the first query', () => {
  /** Entities of `rows` samples each; counts the rows read from the store. */
  function source(rowsOf: Record<string, number>) {
    const read = { rows: 0 };
    const held: HeldSamplesSource = {
      rowCount: (entityId) => rowsOf[entityId] ?? 0,
      oldestTime: (entityId) => ((rowsOf[entityId] ?? 0) > 0 ? SAMPLE_MS : undefined),
      readRows: (entityId, keys, afterTs, rows) => {
        const times: number[] = [];
        for (let step = Math.max(1, Math.floor(afterTs / SAMPLE_MS) + 1); step <= (rowsOf[entityId] ?? 0) && times.length < rows; step += 1) times.push(step * SAMPLE_MS);
        read.rows += times.length;
        return { times, values: keys.map(() => times.map((ts) => ts / SAMPLE_MS)) };
      },
    };
    return { held, read };
  }
  const nextTurn = () => Promise.resolve();

  it('holds the entities that fit beside what is held, forgetting none of them for another', async () => {
    // 4 values a row (3 keys and the time): 1,000 rows are 4,000 values; room for 10,000.
    const { held, read } = source({ total: 1000, a: 1000, b: 1000 });
    const cache = new SampleCache(held, 10_000);
    expect(await cache.warm('total', KEYS, nextTurn)).toBe(true);
    expect(await cache.warm('a', KEYS, nextTurn)).toBe(true);
    // A third would need the room of the first two: it is left to the first query that asks for it.
    expect(await cache.warm('b', KEYS, nextTurn)).toBe(false);
    expect(read.rows).toBe(2000);
    expect(cache.held('total', KEYS)?.times).toHaveLength(1000);
    expect(cache.held('a', KEYS)?.columns.get('sessions')?.[999]).toBe(1000);
    expect(cache.held('b', KEYS)).toBeUndefined();
    // Held already: not read again; an entity with nothing stored is not held.
    expect(await cache.warm('a', KEYS, nextTurn)).toBe(true);
    expect(await cache.warm('none', KEYS, nextTurn)).toBe(false);
    expect(read.rows).toBe(2000);
  });

  it('holds nothing for entities with no samples, however many are asked for', async () => {
    // Any entity id can be asked for: one with no samples must not be held (an empty entry counts
    // no values, so it would never be forgotten for room).
    const { held, read } = source({ node: 100 });
    const cache = new SampleCache(held, 10_000);
    expect((await cache.samples('node', KEYS, nextTurn))?.times).toHaveLength(100);
    for (let index = 0; index < 1000; index += 1) {
      const answer = await cache.samples(`made-up-${index}`, KEYS, nextTurn);
      expect(answer?.times).toEqual([]);
      expect(answer?.columns.get('sessions')).toEqual([]);
      expect(cache.held(`made-up-${index}`, KEYS)).toBeUndefined();
    }
    // The entity with samples is still held: answered without reading the store again.
    expect(cache.held('node', KEYS)?.times).toHaveLength(100);
    expect((await cache.samples('node', KEYS, nextTurn))?.times).toHaveLength(100);
    expect(read.rows).toBe(100);
  });

  it('forgets an entity whose every sample was pruned', async () => {
    const rowsOf: Record<string, number> = { node: 100 };
    const { held } = source(rowsOf);
    const cache = new SampleCache(held, 10_000);
    await cache.samples('node', KEYS, nextTurn);
    rowsOf.node = 0;
    cache.pruned('node');
    expect(cache.held('node', KEYS)).toBeUndefined();
  });

  it('lets the repository warm a list of entities until told to stop', async () => {
    repository.recordNode('node', 0, capacity);
    for (let step = 1; step <= 100; step += 1) repository.storeNodeSample({ entityId: 'node', ts: step * SAMPLE_MS, values: valuesAt(step) }, capacity);
    await repository.warmHeldSamples(['total', 'node'], KEYS, nextTurn, () => false);
    expect(repository.heldSamplesIfLoaded('total', KEYS)?.times).toHaveLength(100);
    expect(repository.heldSamplesIfLoaded('node', ['cpuUsage'])?.times).toHaveLength(100);

    const other = new TimeseriesRepository(store.database);
    await other.warmHeldSamples(['total', 'node'], KEYS, nextTurn, () => true);
    expect(other.heldSamplesIfLoaded('total', KEYS)).toBeUndefined();
  });
});
