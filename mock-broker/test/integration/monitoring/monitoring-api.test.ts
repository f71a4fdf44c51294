import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/database/database.js';
import type { Sample } from '../../../src/monitoring/sample-feed.js';
import { TimeseriesRepository } from '../../../src/monitoring/storage/timeseries-repository.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { eventually } from '../../support/checks/waits.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Samples written into the store before the node starts, at times the tests know. */
const base = Math.floor((Date.now() - HOUR) / 1000) * 1000;
const SEEDED = [
  [0, 1],
  [1000, 4],
  [2000, 2],
  [3000, 8],
  [5000, 3],
  [9000, 6],
  [20_000, 100],
] as const;

function seededDataDirectory(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-monitoring-'));
  const database = openDatabase(dataDir);
  const repository = new TimeseriesRepository(database);
  for (const [offset, value] of SEEDED) repository.store({ entityId: 'seeded-node', ts: base + offset, values: { incomingMsgs: value, sessions: value * 10 } });
  // A sample without sessions: a key's own gaps are left out of its list.
  repository.store({ entityId: 'seeded-node', ts: base + 10_000, values: { incomingMsgs: 7 } });
  const capacity = { cpuCount: 4, totalMemory: 8e9, totalDiskSpace: 1e12 };
  repository.recordNode('seeded-node', base + 20_000, capacity);
  // Past the retention of 7 days: pruned when the node takes its first sample.
  repository.store({ entityId: 'old-node', ts: Date.now() - 8 * DAY, values: { incomingMsgs: 1 } });
  repository.store({ entityId: 'old-node', ts: Date.now() - 8 * DAY + 10_000, values: { incomingMsgs: 2 } });
  repository.recordNode('old-node', Date.now() - 8 * DAY + 10_000, capacity);
  database.close();
  return dataDir;
}

const suite = useBrokerSuite({ sampleIntervalSeconds: 1, dataDir: seededDataDirectory() });

let api: ApiClient;
beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

type Points = { ts: number; value: number }[];

async function call<T>(url: string, status = 200): Promise<T> {
  const answer = await api.call<T>('GET', url);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

const values = (entityId: string, query: string) => call<Record<string, Points>>(`/api/timeseries/${entityId}/values?${query}`);
const seeded = (query: string) => values('seeded-node', `startTs=${base}&endTs=${base + 16_000}&${query}`);

/**
 * The node's next sample taken at `after` or later (and the total stored with it), announced once
 * stored. A sample reads the counters after its time, so it counts everything done before `after`.
 */
function nextSamples(node: TestNode, after = 0): Promise<{ node: Sample; total: Sample }> {
  return new Promise((resolve) => {
    const heard: Sample[] = [];
    const stop = node.samples.subscribe((sample) => {
      heard.push(sample);
      const own = heard.find((entry) => entry.entityId === node.config.nodeId && entry.ts >= after);
      const total = heard.find((entry) => entry.entityId === 'total' && entry.ts === own?.ts);
      if (own && total) {
        stop();
        resolve({ node: own, total });
      }
    });
  });
}

const sum = (points: Points | undefined) => (points ?? []).reduce((total, point) => total + point.value, 0);

describe('sampling a node with real MQTT traffic (one sample a second)', () => {
  it('counts the messages and payload bytes of each period, and the levels at each sample', async () => {
    const { node } = suite;
    const subscriber = await suite.clients.connect({ clientId: 'monitoring-subscriber' });
    await subscriber.subscribeAsync('monitoring/#', { qos: 1 });
    const publisher = await suite.clients.connect({ clientId: 'monitoring-publisher' });
    const received = new Promise<void>((resolve) => {
      let count = 0;
      subscriber.on('message', () => (count += 1) === 7 && resolve());
    });
    const mark = (await nextSamples(node)).node.ts;
    const payload = Buffer.alloc(120, 'x');
    for (let index = 0; index < 5; index += 1) await publisher.publishAsync(`monitoring/plain/${index}`, payload, { qos: 1 });
    await publisher.publishAsync('monitoring/retained/a', payload, { qos: 1, retain: true });
    await publisher.publishAsync('monitoring/retained/b', payload, { qos: 1, retain: true });
    await received;
    const { node: last, total } = await nextSamples(node, Date.now());

    const answer = await values(node.config.nodeId, `keys=incomingMsgs,inboundPayloadTraffic,outgoingMsgs,outboundPayloadTraffic&startTs=${mark + 1}&endTs=${last.ts + 1}&limit=1000`);
    expect(sum(answer.incomingMsgs)).toBe(7);
    expect(sum(answer.inboundPayloadTraffic)).toBe(7 * 120);
    expect(sum(answer.outgoingMsgs)).toBe(7);
    expect(sum(answer.outboundPayloadTraffic)).toBe(7 * 120);
    expect(last.values).toMatchObject({ sessions: 2, subscriptions: 1, retainedMsgs: 2, tcpConnections: 2, wsConnections: 0, tlsConnections: 0, wssConnections: 0 });
    // Resources in percent, as the production broker family keeps them.
    expect(last.values.memoryUsage).toBeGreaterThan(0);
    expect(last.values.memoryUsage).toBeLessThanOrEqual(100);
    expect(last.values.diskUsage).toBeGreaterThanOrEqual(0);
    expect(last.values.diskUsage).toBeLessThanOrEqual(100);
    expect(last.values.cpuUsage).toBeGreaterThanOrEqual(0);
    // One node: the total is the node.
    expect(total.values).toEqual(last.values);
    const latest = await call<Record<string, Points>>(`/api/timeseries/latest?entityId=total&keys=sessions,retainedMsgs`);
    expect(latest.sessions?.[0]?.value).toBe(2);
    expect(latest.retainedMsgs?.[0]?.value).toBe(2);
  });

  it('counts connections over WebSocket while they are open', async () => {
    const { node } = suite;
    const client = await mqtt.connectAsync(`ws://127.0.0.1:${node.wsPort}/mqtt`, { reconnectPeriod: 0 });
    try {
      const { node: open } = await nextSamples(node, Date.now());
      expect(open.values).toMatchObject({ wsConnections: 1, tcpConnections: 0 });
    } finally {
      await client.endAsync();
    }
    await eventually(async () => expect((await nextSamples(node)).node.values.wsConnections).toBe(0));
  });

  it('tells the feed its entities: total and each node with samples', () => {
    expect(suite.node.samples.entityIds().sort()).toEqual(['seeded-node', suite.node.config.nodeId, 'total'].sort());
  });
});

describe('aggregation by the database, on samples of known times', () => {
  const incoming = async (query: string) => (await seeded(`keys=incomingMsgs&${query}`)).incomingMsgs;

  it('answers each bucket at its start, leaving out buckets without samples', async () => {
    // Buckets of 4 s: [1, 4, 2, 8] · [3] · [6, 7] · nothing; the sample at +20 s lies past endTs.
    expect(await incoming('agg=MIN&interval=4000&orderBy=ASC')).toEqual([
      { ts: base, value: 1 },
      { ts: base + 4000, value: 3 },
      { ts: base + 8000, value: 6 },
    ]);
    expect((await incoming('agg=MAX&interval=4000&orderBy=ASC'))?.map((point) => point.value)).toEqual([8, 3, 7]);
    expect((await incoming('agg=AVG&interval=4000&orderBy=ASC'))?.map((point) => point.value)).toEqual([3.75, 3, 6.5]);
    expect((await incoming('agg=SUM&interval=4000&orderBy=ASC'))?.map((point) => point.value)).toEqual([15, 3, 13]);
    expect((await incoming('agg=COUNT&interval=4000&orderBy=ASC'))?.map((point) => point.value)).toEqual([4, 1, 2]);
  });

  it('orders buckets newest first and keeps `limit` of them', async () => {
    expect(await incoming('agg=SUM&interval=4000&orderBy=DESC&limit=2')).toEqual([
      { ts: base + 8000, value: 13 },
      { ts: base + 4000, value: 3 },
    ]);
  });

  it('answers the samples themselves with NONE: the oldest or newest `limit`, newest first unless asked otherwise', async () => {
    expect(await incoming('agg=NONE&limit=3&orderBy=ASC')).toEqual([
      { ts: base, value: 1 },
      { ts: base + 1000, value: 4 },
      { ts: base + 2000, value: 2 },
    ]);
    expect(await incoming('limit=2')).toEqual([
      { ts: base + 10_000, value: 7 },
      { ts: base + 9000, value: 6 },
    ]);
  });

  it('answers every key asked, each without its own gaps', async () => {
    const answer = await seeded('keys=sessions,incomingMsgs,sessions&agg=COUNT&interval=4000&orderBy=ASC');
    expect(Object.keys(answer)).toEqual(['sessions', 'incomingMsgs']);
    expect(answer.sessions?.map((point) => point.value)).toEqual([4, 1, 1]);
    expect(answer.incomingMsgs?.map((point) => point.value)).toEqual([4, 1, 2]);
  });

  it('answers the newest sample of each key', async () => {
    expect(await call(`/api/timeseries/latest?entityId=seeded-node&keys=incomingMsgs,sessions,cpuUsage`)).toEqual({
      incomingMsgs: [{ ts: base + 20_000, value: 100 }],
      sessions: [{ ts: base + 20_000, value: 1000 }],
      cpuUsage: [],
    });
  });

  it('answers every key with samples when none is asked, and values as text without strict data types', async () => {
    // A node's latest also carries its capacity, as TBMQ answers it.
    expect(await call('/api/timeseries/latest?entityId=seeded-node')).toEqual({
      incomingMsgs: [{ ts: base + 20_000, value: 100 }],
      sessions: [{ ts: base + 20_000, value: 1000 }],
      cpuCount: [{ ts: base + 20_000, value: 4 }],
      totalMemory: [{ ts: base + 20_000, value: 8e9 }],
      totalDiskSpace: [{ ts: base + 20_000, value: 1e12 }],
    });
    expect(await call('/api/timeseries/latest?entityId=seeded-node&keys=sessions&useStrictDataTypes=false')).toEqual({ sessions: [{ ts: base + 20_000, value: '1000' }] });
  });

  it('answers empty lists for an entity without samples', async () => {
    expect(await values('no-such-node', `keys=incomingMsgs,sessions&startTs=${base}&endTs=${base + 16_000}&agg=AVG&interval=1000`)).toEqual({ incomingMsgs: [], sessions: [] });
  });
});

describe('retention', () => {
  it('prunes samples past STARLING_TIMESERIES_RETENTION_DAYS and forgets a node without samples', async () => {
    expect(await values('old-node', `keys=incomingMsgs&startTs=${Date.now() - 9 * DAY}&endTs=${Date.now()}`)).toEqual({ incomingMsgs: [] });
    const services = (await call<{ data: { serviceId: string }[] }>('/api/app/service/info')).data;
    expect(services.map((service) => service.serviceId)).not.toContain('old-node');
  });
});

describe('bad queries answer 400 naming the field', () => {
  const refused = async (query: string, field: string) => {
    const answer = await api.call<{ message: string; errorCode: number }>('GET', `/api/timeseries/total/values?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(31);
    expect(answer.body.message).toContain(field);
  };
  const range = `startTs=${base}&endTs=${base + DAY}`;

  it('names keys for a malformed key', () => refused(`keys=incomingMsgs,non%20sense&${range}`, 'keys'));
  it('names endTs when it is not after startTs', () => refused(`keys=sessions&startTs=${base}&endTs=${base}`, 'endTs'));
  it('names interval when an aggregate has none, or one under a second', async () => {
    await refused(`keys=sessions&${range}&agg=AVG`, 'interval');
    await refused(`keys=sessions&${range}&agg=AVG&interval=999`, 'interval');
  });
  it('names interval when it cuts the range into more buckets than maxDatapointsLimit', () => refused(`keys=sessions&startTs=0&endTs=${100_001 * 1000}&agg=AVG&interval=1000`, 'interval'));
  it('names limit beyond maxDatapointsLimit', () => refused(`keys=sessions&${range}&limit=100001`, 'limit'));
  it('refuses latest for a malformed key, naming keys', async () => {
    const answer = await api.call<{ message: string }>('GET', '/api/timeseries/latest?entityId=total&keys=bo%20gus');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('keys');
  });
});

describe('service info', () => {
  it('lists each node with its resources in percent, as one page ordered by id (GET /api/app/service/info)', async () => {
    const page = await call<{ data: Record<string, unknown>[]; totalElements: number; hasNext: boolean }>('/api/app/service/info');
    expect(page).toMatchObject({ totalElements: page.data.length, hasNext: false });
    const ids = page.data.map((service) => String(service.serviceId));
    expect(ids).toEqual([...ids].sort());
    const own = page.data.find((service) => service.serviceId === suite.node.config.nodeId);
    expect(own).toMatchObject({ serviceType: 'TBMQ', status: 'ACTIVE', dataPresent: true, cpuCount: os.availableParallelism(), totalMemory: os.totalmem() });
    expect(Date.now() - Number(own?.lastUpdateTime)).toBeLessThan(5000);
    // The resident set of this process against the machine's memory, in whole percent.
    expect(Math.abs(Number(own?.memoryUsage) - (100 * process.memoryUsage.rss()) / os.totalmem())).toBeLessThan(5);
    expect(Number(own?.diskUsage)).toBeGreaterThanOrEqual(0);
    expect(Number(own?.diskUsage)).toBeLessThanOrEqual(100);
    // A node whose newest sample carries no resource readings: its usage is unknown, not zero.
    expect(page.data.find((service) => service.serviceId === 'seeded-node')).toMatchObject({
      lastUpdateTime: base + 20_000,
      cpuUsage: null,
      memoryUsage: null,
      diskUsage: null,
      cpuCount: 4,
      totalMemory: 8e9,
      totalDiskSpace: 1e12,
    });
  });
});

describe('/metrics', () => {
  it('is off unless enabled: 404', async () => {
    const answer = await fetch(`${suite.node.baseUrl}/metrics`);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { errorCode: number }).errorCode).toBe(32);
  });
});

describe('/metrics, enabled with a token', () => {
  let node: TestNode;
  beforeAll(async () => {
    // Answers unchecked, as in production: the time series go out as the text SQLite built.
    node = await startTestNode({ metricsEnabled: true, metricsToken: 'scrape-secret', validateResponses: false, sampleIntervalSeconds: 1 });
    return () => node.destroy();
  });

  it('asks for the token: 401 without it or with another one', async () => {
    expect((await fetch(`${node.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${node.baseUrl}/metrics`, { headers: { Authorization: 'Bearer scrape-secreT' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers the counters since start and the levels now in the Prometheus text format', async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${node.mqttPort}`, { reconnectPeriod: 0 });
    try {
      await client.publishAsync('metrics/a', Buffer.alloc(50), { qos: 1, retain: true });
      await client.publishAsync('metrics/b', Buffer.alloc(30), { qos: 1 });
      const answer = await fetch(`${node.baseUrl}/metrics`, { headers: { Authorization: 'Bearer scrape-secret' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      const text = await answer.text();
      const label = `{node="${node.config.nodeId}"}`;
      expect(text).toContain('# TYPE starling_incoming_messages_total counter');
      expect(text).toContain(`starling_incoming_messages_total${label} 2\n`);
      expect(text).toContain(`starling_inbound_payload_bytes_total${label} 80\n`);
      expect(text).toContain(`starling_sessions${label} 1\n`);
      expect(text).toContain(`starling_retained_messages${label} 1\n`);
      expect(text).toContain(`starling_connections{node="${node.config.nodeId}",listener="tcp"} 1\n`);
      expect(text).toMatch(/^starling_memory_usage_bytes\{node="[^"]+"\} \d+$/m);
    } finally {
      await client.endAsync();
    }
  });

  it('sends time series as the JSON text SQLite builds, of the contract\'s shape', async () => {
    const unchecked = new ApiClient(node.baseUrl);
    await unchecked.signIn();
    const { node: sample } = await nextSamples(node);
    const answer = await unchecked.call<Record<string, Points>>('GET', `/api/timeseries/total/values?keys=diskUsage,cpuUsage&startTs=${sample.ts}&endTs=${sample.ts + 1}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ diskUsage: [{ ts: sample.ts, value: sample.values.diskUsage }], cpuUsage: [{ ts: sample.ts, value: sample.values.cpuUsage }] });
  });
});
