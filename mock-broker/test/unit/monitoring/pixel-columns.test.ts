import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PixelColumnReducer } from '../../../src/monitoring/storage/pixel-columns.js';
import { SLICE_POINTS, slicedSamples } from '../../../src/monitoring/storage/sliced-points.js';
import { TimeseriesRepository } from '../../../src/monitoring/storage/timeseries-repository.js';
import { expectSameColumnExtents, type TestPoint } from '../../support/checks/pixel-column-extents.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

/** A small seeded generator (mulberry32): the same random series on every run. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random walk with spikes, repeated values and gaps, at irregular times from `startTs`. */
function randomSeries(random: () => number, count: number, startTs: number): TestPoint[] {
  const points: TestPoint[] = [];
  let ts = startTs;
  let value = 0;
  for (let index = 0; index < count; index += 1) {
    ts += random() < 0.02 ? 1 + Math.floor(random() * 50_000) : 1 + Math.floor(random() * 2000);
    const step = random();
    value = step < 0.1 ? value : step < 0.15 ? value + (random() - 0.5) * 1000 : value + (random() - 0.5) * 10;
    points.push({ ts, value: Math.round(value * 100) / 100 });
  }
  return points;
}

function reduced(points: readonly TestPoint[], startTs: number, endTs: number, columns: number, order: 'ASC' | 'DESC', left?: number): TestPoint[] {
  const reducer = new PixelColumnReducer({ startTs, endTs, columns, ...(left === undefined ? {} : { left }) }, order);
  for (const { ts, value } of order === 'ASC' ? points : [...points].reverse()) reducer.add(ts, value);
  return JSON.parse(reducer.text()) as TestPoint[];
}

describe('M4: the points a chart of so many pixel columns shows', () => {
  it('keeps, in every column of random series and widths, the first, last, smallest and largest of all the points, four at most', () => {
    const random = randomSource(29);
    for (let round = 0; round < 60; round += 1) {
      const points = randomSeries(random, 1 + Math.floor(random() * 5000), 1_700_000_000_000);
      const first = points[0] as TestPoint;
      const last = points[points.length - 1] as TestPoint;
      // Ranges wider and narrower than the series, with odd widths whose column edges fall between milliseconds.
      const startTs = first.ts - Math.floor(random() * 5000);
      const endTs = last.ts + 1 + Math.floor(random() * 5000);
      const columns = 1 + Math.floor(random() * 1200);
      for (const order of ['ASC', 'DESC'] as const) {
        const kept = reduced(points, startTs, endTs, columns, order);
        expectSameColumnExtents(kept, points, { startTs, endTs, columns, order });
        expect(kept.length).toBeLessThanOrEqual(4 * columns);
      }
    }
  });

  it('with pixelLeft, cuts the columns where uPlot rounds times to pixels: a half-pixel plot edge, a week at a sample every 10 s', () => {
    // The console's case: the plot area starts at 52.5 device pixels (uPlot rounds its edges to
    // half pixels) and is 1,400 wide, so column edges fall half a column off floor()'s.
    const startTs = 1_800_000_000_123;
    const endTs = startTs + 7 * 86_400_000;
    const random = randomSource(11);
    const points = Array.from({ length: 60_480 }, (_, index) => ({ ts: startTs + 10_000 * index, value: Math.round(random() * 1000) }));
    for (const left of [52.5, 53, 0.5]) {
      for (const order of ['ASC', 'DESC'] as const) {
        const kept = reduced(points, startTs, endTs, 1400, order, left);
        expectSameColumnExtents(kept, points, { startTs, endTs, columns: 1400, order, left });
      }
    }
    // floor()'s columns are not those pixels: the same reduction without pixelLeft loses extents in them.
    const unaligned = reduced(points, startTs, endTs, 1400, 'ASC');
    expect(() => expectSameColumnExtents(unaligned, points, { startTs, endTs, columns: 1400, order: 'ASC', left: 52.5 })).toThrow();
  });

  it('keeps every point of a column with four or fewer, and one point once when it is both first and smallest', () => {
    const points = [
      { ts: 0, value: 5 },
      { ts: 10, value: 1 },
      { ts: 20, value: 9 },
      { ts: 100, value: 3 },
      { ts: 110, value: 3 },
      { ts: 120, value: 3 },
      { ts: 130, value: 3 },
      { ts: 140, value: 3 },
    ];
    expect(reduced(points, 0, 200, 2, 'ASC')).toEqual([...points.slice(0, 3), { ts: 100, value: 3 }, { ts: 140, value: 3 }]);
  });
});

describe('M4 over the stored samples, read slice by slice', () => {
  let store: ReturnType<typeof openTemporaryDatabase>;
  let repository: TimeseriesRepository;
  beforeEach(() => {
    store = openTemporaryDatabase();
    repository = new TimeseriesRepository(store.database);
  });
  afterEach(() => store.destroy());

  it('answers what the reference keeps of all samples, also for columns that span several slices and with a limit', async () => {
    const random = randomSource(7);
    // A sample a second: a slice reads SLICE_POINTS seconds, so 3 columns span several slices each.
    const points = randomSeries(random, 3 * SLICE_POINTS, 0).map((point, index) => ({ ts: 1000 * (index + 1), value: point.value }));
    for (const { ts, value } of points) repository.store({ entityId: 'node', ts, values: { incomingMsgs: value } });
    const startTs = 0;
    const endTs = 1000 * (points.length + 1);
    for (const columns of [3, 700, 5000]) {
      for (const order of ['ASC', 'DESC'] as const) {
        for (const limit of [points.length, 5000]) {
          const query = { entityId: 'node', keys: ['incomingMsgs' as const], startTs, endTs, limit, order };
          const full = JSON.parse((await slicedSamples(repository, query)).incomingMsgs ?? '[]') as TestPoint[];
          expect(full).toHaveLength(limit);
          const kept = JSON.parse((await slicedSamples(repository, query, columns)).incomingMsgs ?? '[]') as TestPoint[];
          expectSameColumnExtents(kept, full, { startTs, endTs, columns, order });
        }
      }
    }
  });

  it('reduces several keys read together as each alone, a key sampled less often and a limit included', async () => {
    const random = randomSource(3);
    const points = randomSeries(random, 2 * SLICE_POINTS, 0).map((point, index) => ({ ts: 1000 * (index + 1), value: point.value }));
    // sessions only every third sample: the rows read together hold no value of it in between.
    for (const [index, { ts, value }] of points.entries()) repository.store({ entityId: 'node', ts, values: { incomingMsgs: value, ...(index % 3 === 0 ? { sessions: -value } : {}) } });
    const endTs = 1000 * (points.length + 1);
    for (const order of ['ASC', 'DESC'] as const) {
      for (const limit of [points.length, 1000]) {
        const query = { entityId: 'node', startTs: 0, endTs, limit, order };
        const together = await slicedSamples(repository, { ...query, keys: ['incomingMsgs', 'sessions'] }, 700, 30.5);
        for (const key of ['incomingMsgs', 'sessions'] as const) {
          expect(together[key], `${key} ${order} ${limit}`).toBe((await slicedSamples(repository, { ...query, keys: [key] }, 700, 30.5))[key]);
          const full = JSON.parse((await slicedSamples(repository, { ...query, keys: [key] }))[key] ?? '[]') as TestPoint[];
          expect(full).toHaveLength(key === 'sessions' ? Math.min(limit, Math.ceil(points.length / 3)) : limit);
          expectSameColumnExtents(JSON.parse(together[key] ?? '[]') as TestPoint[], full, { startTs: 0, endTs, columns: 700, order, left: 30.5 });
        }
      }
    }
  });
});
