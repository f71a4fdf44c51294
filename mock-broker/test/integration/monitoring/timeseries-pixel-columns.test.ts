import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/database/database.js';
import { TimeseriesRepository } from '../../../src/monitoring/storage/timeseries-repository.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { expectSameColumnExtents, type TestPoint } from '../../support/checks/pixel-column-extents.js';

// GET /api/timeseries/{entityId}/values with `pixelColumns` (openapi.yaml, Starling's
// timeseriesPixelColumns): raw samples reduced to what a chart that wide draws, on a day of samples
// every 10 s stored in the node's own file before it starts.

const SAMPLE_SPACING_MS = 10_000;
const SAMPLES = 8640;
const startTs = Math.floor((Date.now() - 26 * 3_600_000) / 1000) * 1000;
const endTs = startTs + (SAMPLES + 1) * SAMPLE_SPACING_MS;

function seededDataDirectory(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-pixel-columns-'));
  const database = openDatabase(dataDir);
  const repository = new TimeseriesRepository(database);
  // Daily-looking waves with bursts: values that move within a column, so the reduction has to choose.
  for (let index = 1; index <= SAMPLES; index += 1) {
    const wave = Math.sin(index / 300) * 500 + Math.sin(index / 7) * 40;
    const burst = index % 997 === 0 ? 5000 : 0;
    repository.store({ entityId: 'day-node', ts: startTs + index * SAMPLE_SPACING_MS, values: { incomingMsgs: Math.round(1000 + wave + burst), sessions: index % 50 } });
  }
  repository.recordNode('day-node', endTs, { cpuCount: 2, totalMemory: 4e9, totalDiskSpace: 1e11 });
  database.close();
  return dataDir;
}

const suite = useBrokerSuite({ dataDir: seededDataDirectory() });

let api: ApiClient;
beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

async function points(query: string): Promise<Record<string, TestPoint[]>> {
  const answer = await api.call<Record<string, TestPoint[]>>('GET', `/api/timeseries/day-node/values?keys=incomingMsgs,sessions&startTs=${startTs}&endTs=${endTs}&limit=100000&${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('raw samples at a chart’s resolution (pixelColumns)', () => {
  it('answers every sample without it, and with it at most four points a column with each column’s first, last, smallest and largest', async () => {
    for (const order of ['ASC', 'DESC'] as const) {
      const full = await points(`agg=NONE&orderBy=${order}`);
      for (const key of ['incomingMsgs', 'sessions']) expect(full[key], key).toHaveLength(SAMPLES);
      for (const columns of [700, 233]) {
        const reduced = await points(`agg=NONE&orderBy=${order}&pixelColumns=${columns}`);
        for (const key of ['incomingMsgs', 'sessions']) {
          expect(reduced[key]?.length, key).toBeLessThanOrEqual(4 * columns);
          expectSameColumnExtents(reduced[key] ?? [], full[key] ?? [], { startTs, endTs, columns, order });
        }
      }
    }
  });

  it('with pixelLeft, keeps each column of the pixels a chart starting there draws the times in', async () => {
    const full = await points('agg=NONE&orderBy=DESC');
    for (const [columns, left] of [[1381, 52.5], [700, 41]] as const) {
      const reduced = await points(`agg=NONE&orderBy=DESC&pixelColumns=${columns}&pixelLeft=${left}`);
      for (const key of ['incomingMsgs', 'sessions']) expectSameColumnExtents(reduced[key] ?? [], full[key] ?? [], { startTs, endTs, columns, order: 'DESC', left });
    }
  });

  it('keeps the buckets of an aggregated view as they are', async () => {
    const query = 'agg=MAX&interval=3600000&orderBy=ASC';
    expect(await points(`${query}&pixelColumns=10`)).toEqual(await points(query));
  });

  it('is listed among the extensions this broker serves', async () => {
    const answer = await api.call<{ extensions: string[] }>('GET', '/api/starling/extensions');
    expect(answer.body.extensions).toContain('timeseriesPixelColumns');
  });

  it('refuses a width of no column or past 10,000, naming pixelColumns, and a plot edge outside 0–100,000, naming pixelLeft', async () => {
    for (const columns of [0, 10_001, 1.5]) {
      const answer = await api.call<{ message: string }>('GET', `/api/timeseries/day-node/values?keys=sessions&startTs=${startTs}&endTs=${endTs}&pixelColumns=${columns}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('pixelColumns');
    }
    for (const left of [-1, 100_001]) {
      const answer = await api.call<{ message: string }>('GET', `/api/timeseries/day-node/values?keys=sessions&startTs=${startTs}&endTs=${endTs}&pixelColumns=700&pixelLeft=${left}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('pixelLeft');
    }
  });
});

interface TestColumns {
  ts: number[];
  value: (number | string)[];
}

/** A TimeseriesColumns key's arrays as the points they stand for: each time the sum of the differences up to it. */
function columnPoints({ ts, value }: TestColumns): TestPoint[] {
  expect(value).toHaveLength(ts.length);
  let time = 0;
  return ts.map((difference, index) => ({ ts: (time += difference), value: value[index] as number }));
}

// format=columns (openapi.yaml, Starling's timeseriesColumns): the same points as two arrays a key.
describe('the compact answer (format=columns)', () => {
  const keys = 'incomingMsgs,sessions,cpuUsage';
  const both = async (query: string) => {
    const plain = await api.call<Record<string, TestPoint[]>>('GET', `/api/timeseries/day-node/values?keys=${keys}&startTs=${startTs}&endTs=${endTs}&${query}`);
    const compact = await api.call<Record<string, TestColumns>>('GET', `/api/timeseries/day-node/values?keys=${keys}&startTs=${startTs}&endTs=${endTs}&${query}&format=columns`);
    expect([plain.status, compact.status], JSON.stringify(compact.body).slice(0, 300)).toEqual([200, 200]);
    return { plain: plain.body, compact: compact.body };
  };

  it('holds exactly the points of the plain answer, in its order, for samples reduced or not and for buckets', async () => {
    const queries = [
      'agg=NONE&orderBy=DESC&limit=100000&pixelColumns=1381&pixelLeft=52.5',
      'agg=NONE&orderBy=ASC&limit=100000&pixelColumns=233',
      'agg=NONE&orderBy=DESC&limit=5000',
      'agg=AVG&interval=3600000&orderBy=ASC&limit=100',
    ];
    for (const query of queries) {
      const { plain, compact } = await both(query);
      expect(Object.keys(compact), query).toEqual(Object.keys(plain));
      // A key without samples (cpuUsage here) answers two empty arrays.
      expect(compact.cpuUsage, query).toEqual({ ts: [], value: [] });
      for (const key of ['incomingMsgs', 'sessions']) {
        expect(plain[key]?.length, `${query} ${key}`).toBeGreaterThan(20);
        expect(columnPoints(compact[key] as TestColumns), `${query} ${key}`).toEqual(plain[key]);
      }
    }
  });

  it('refuses any other format, naming format', async () => {
    for (const format of ['rows', 'COLUMNS', '']) {
      const answer = await api.call<{ message: string }>('GET', `/api/timeseries/day-node/values?keys=sessions&startTs=${startTs}&endTs=${endTs}&format=${format}`);
      expect(answer.status, format).toBe(400);
      expect(answer.body.message, format).toContain('format');
    }
  });

  it('is listed among the extensions this broker serves', async () => {
    const answer = await api.call<{ extensions: string[] }>('GET', '/api/starling/extensions');
    expect(answer.body.extensions).toContain('timeseriesColumns');
  });
});
