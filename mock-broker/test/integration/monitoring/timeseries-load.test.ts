import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IPubackPacket } from 'mqtt-packet';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, openDatabase } from '../../../src/database/database.js';
import { TimeseriesRepository } from '../../../src/monitoring/storage/timeseries-repository.js';
import { TIMESERIES_KEYS } from '../../../src/monitoring/timeseries-keys.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawClients, type RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';

// Issue 26 N9: time-series queries the contract allows (every key, 100,000 buckets) ran on the
// event loop in one piece, and a read-only public session sending four at once held an MQTT publish
// for 2.3 s. Queries must never stall MQTT or HTTP, whoever sends them.

const SAMPLES = 40_000;
/** One sample a second, the newest a minute ago, every key: value = sample number + key number. */
const first = Math.floor((Date.now() - (SAMPLES + 60) * 1000) / 1000) * 1000;
const valueOf = (sample: number, key: number) => sample + key;

function seededDataDirectory(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-timeseries-load-'));
  const database = openDatabase(dataDir);
  const repository = new TimeseriesRepository(database);
  inTransaction(database, () => {
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      const values = Object.fromEntries(TIMESERIES_KEYS.map((key, index) => [key, valueOf(sample, index)]));
      repository.store({ entityId: 'busy-node', ts: first + sample * 1000, values });
    }
  });
  database.close();
  return dataDir;
}

const suite = useBrokerSuite({ publicId: 'wall-screen', dataDir: seededDataDirectory() });
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

let lobby: ApiClient;
beforeAll(async () => {
  lobby = new ApiClient(suite.node.baseUrl);
  const answer = await lobby.call<{ token: string }>('POST', '/api/auth/login/public', { publicId: 'wall-screen' });
  expect(answer.status).toBe(200);
  lobby.token = answer.body.token;
});

type Points = { ts: number; value: number }[];
const keys = TIMESERIES_KEYS.join(',');
/** The largest the contract allows: every key, 100,000 one-second buckets or samples per key. */
const maximal = {
  aggregated: `/api/timeseries/busy-node/values?keys=${keys}&startTs=${first}&endTs=${first + 100_000 * 1000}&agg=AVG&interval=1000&limit=100000`,
  samples: `/api/timeseries/busy-node/values?keys=${keys}&startTs=${first}&endTs=${first + 100_000 * 1000}&agg=NONE&limit=100000&orderBy=ASC`,
};

/** Every key's points are the seeded samples, in the order asked. */
function expectSeeded(answer: Record<string, Points>, order: 'ASC' | 'DESC'): void {
  TIMESERIES_KEYS.forEach((key, index) => {
    const points = answer[key] ?? [];
    expect(points).toHaveLength(SAMPLES);
    const [oldest, newest] = [0, SAMPLES - 1].map((sample) => ({ ts: first + sample * 1000, value: valueOf(sample, index) }));
    expect(order === 'ASC' ? [points[0], points.at(-1)] : [points.at(-1), points[0]]).toEqual([oldest, newest]);
    expect(points.reduce((sum, point) => sum + point.value, 0)).toBe((SAMPLES * (SAMPLES - 1)) / 2 + SAMPLES * index);
  });
}

/** A QoS 1 publish's round trip, from sending to its PUBACK. */
async function roundTrip(client: RawMqttClient, messageId: number): Promise<number> {
  const start = performance.now();
  client.publish('plant/ping', 'are you there', { qos: 1, messageId });
  expect(((await client.next('puback')) as IPubackPacket).reasonCode).toBe(0);
  return performance.now() - start;
}

async function timed(request: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await request();
  return performance.now() - start;
}

describe('time-series queries cannot stall the node (issue 26 N9)', () => {
  it('answers MQTT and HTTP while a public session runs four maximal queries, and the queries answer right', async () => {
    const { client } = await raw.connect({});
    const baseline = { mqtt: await roundTrip(client, 1), http: await timed(() => lobby.call('GET', '/api/system/info')) };

    const finished: string[] = [];
    const queries = [maximal.aggregated, maximal.samples, maximal.aggregated, maximal.samples].map(async (url) => {
      const answer = await lobby.call<Record<string, Points>>('GET', url);
      finished.push('query');
      return answer;
    });
    const during = {
      mqtt: await roundTrip(client, 2),
      http: await timed(() => lobby.call('GET', '/api/system/info')),
    };
    finished.push('mqtt and http');

    const answers = await Promise.all(queries);
    // Served in between, not after: the queries were still running when both were answered.
    expect(finished.indexOf('mqtt and http')).toBeLessThan(finished.length - 1);
    expect(during.mqtt).toBeLessThan(1000 + 20 * baseline.mqtt);
    expect(during.http).toBeLessThan(1000 + 20 * baseline.http);
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      expectSeeded(answer.body, index % 2 === 0 ? 'DESC' : 'ASC');
    });
  });

  const ask = (url: string, signal?: AbortSignal) => fetch(`${suite.node.baseUrl}${url}`, { headers: { 'X-Authorization': `Bearer ${lobby.token ?? ''}` }, signal });
  const small = `/api/timeseries/busy-node/values?keys=sessions&startTs=${first}&endTs=${first + 10_000}&agg=NONE`;

  it('keeps a bounded line of queries and answers the rest 429 with Retry-After', async () => {
    // Two maximal queries of every sample take the node's two places for seconds (an aggregated one
    // is answered from the samples held in memory once an earlier query read them: far sooner); an
    // answer to a request sent after them means they have arrived.
    const running = [ask(maximal.samples), ask(maximal.samples)];
    expect((await lobby.call('GET', '/api/system/info')).status).toBe(200);
    const answers = await Promise.all([...running, ...Array.from({ length: 68 }, () => ask(small))]);
    const refused = answers.filter((answer) => answer.status === 429);
    // Sixty-four wait their turn and are answered; the four beyond are told when to come back.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(66);
    expect(refused).toHaveLength(4);
    expect(refused.map((answer) => answer.headers.get('retry-after'))).toEqual(['1', '1', '1', '1']);
    expect(await Promise.all(refused.map(async (answer) => ((await answer.json()) as { errorCode: number }).errorCode))).toEqual([33, 33, 33, 33]);
    const answered = answers.slice(2).find((answer) => answer.status === 200);
    expect(((await answered?.json()) as Record<string, Points>).sessions).toHaveLength(10);
  });

  it('gives a query\'s place up when its client goes away, waiting or running', async () => {
    // Enough maximal queries to fill the places and the line for minutes, then every client leaves.
    const leaving = new AbortController();
    const abandoned = Array.from({ length: 66 }, (_, index) => ask(index % 2 === 0 ? maximal.aggregated : maximal.samples, leaving.signal).catch(() => undefined));
    expect((await lobby.call('GET', '/api/system/info')).status).toBe(200);
    leaving.abort();
    await Promise.all(abandoned);
    const answer = await eventually(async () => {
      const next = await ask(small);
      expect(next.status).toBe(200);
      return (await next.json()) as Record<string, Points>;
    });
    expect(answer.sessions).toHaveLength(10);
  });
});
