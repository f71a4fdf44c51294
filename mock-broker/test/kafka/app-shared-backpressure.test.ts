// Members of an application shared subscription whose in-flight window fills: the member stops
// its Kafka stream while messages wait and starts it again once the client has acknowledged, so a
// backlog far beyond the window (many fetches, many pauses) must still reach the members whole.
// Under such load a member asks Kafka for fewer, larger fetches; quiet again, for prompt ones.
import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiClient } from '../support/api/api-client.js';
import type { MqttClients } from '../support/mqtt/mqtt-clients.js';
import { RawMqttClient } from '../support/mqtt/raw-mqtt-client.js';
import { startKafkaTestNode } from '../support/node/kafka-test-node.js';
import type { TestNode } from '../support/node/test-node.js';

const bootstrap = inject('kafkaBootstrap');
const run = randomUUID().slice(0, 8);
const APP = { username: `app-bp-${run}`, password: 'app-secret' };
const DEVICE = { username: `device-bp-${run}`, password: 'device-secret' };
const TOPICS = 16;

let node: TestNode;
let api: ApiClient;
let clients: MqttClients;
const opened: RawMqttClient[] = [];

beforeAll(async () => {
  ({ node, api, clients } = await startKafkaTestNode(bootstrap, { run, app: APP, device: DEVICE }));
});

afterAll(async () => {
  for (const client of opened) client.socket.destroy();
  await clients?.closeAll();
  await node?.destroy();
});

/** Publishes `count` QoS 1 messages over TOPICS topics under `prefix`, 500 on their way at once. */
async function publish(prefix: string, count: number, from = 0): Promise<void> {
  const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-${prefix}-${from}`, ...DEVICE });
  let next = from;
  const end = from + count;
  await Promise.all(
    Array.from({ length: 500 }, async () => {
      while (next < end) {
        const index = next++;
        await publisher.publishAsync(`${prefix}/t${index % TOPICS}`, `m-${index}`, { qos: 1 });
      }
    }),
  );
}

/** An APPLICATION member acknowledging at once, with the bench's Receive Maximum; answers the distinct payloads it got. */
async function member(clientId: string, filter: string, seen: Set<string>): Promise<RawMqttClient> {
  const { client, connack } = await RawMqttClient.connect(
    { port: node.mqttPort, autoAcknowledge: true, onPacket: (packet) => packet.cmd === 'publish' && seen.add((packet as mqttPacket.IPublishPacket).payload.toString()) },
    { clientId, username: APP.username, password: Buffer.from(APP.password), properties: { receiveMaximum: 100 } },
  );
  expect(connack.reasonCode ?? connack.returnCode).toBe(0);
  opened.push(client);
  expect((await client.subscribe(`$share/bp/${filter}`, { qos: 1 })).granted).toEqual([1]);
  return client;
}

/** What each fetch of the node's Kafka consumers asked for, in order (the client's tracing channel; the node runs in this process). */
function watchFetches(): { fetches: { minBytes: number; maxWaitTime: number }[]; stop(): void } {
  const fetches: { minBytes: number; maxWaitTime: number }[] = [];
  const onStart = (context: unknown) => {
    const { options } = context as { options: { minBytes: number; maxWaitTime: number } };
    fetches.push({ minBytes: options.minBytes, maxWaitTime: options.maxWaitTime });
  };
  const channel = diagnostics.tracingChannel('plt:kafka:consumer:fetches');
  const handlers = { start: onStart, end: () => undefined, asyncStart: () => undefined, asyncEnd: () => undefined, error: () => undefined };
  channel.subscribe(handlers);
  return { fetches, stop: () => channel.unsubscribe(handlers) };
}

describe('the fetches of a member', () => {
  it('ask Kafka to gather 64 KiB (at most 20 ms) while a fetch brings 64 records or more, and to answer at once again when it is quiet; every message arrives', async () => {
    const prefix = `bp-fetch-${run}`;
    expect((await api.call('POST', '/api/app/shared/subs', { name: `${prefix} ${run}`, topicFilter: `${prefix}/#`, partitions: 4 })).status).toBe(200);
    const count = 3000;
    await publish(prefix, count);
    const watch = watchFetches();
    try {
      const seen = new Set<string>();
      await member(`m-fetch-${run}`, `${prefix}/#`, seen);
      await expect.poll(() => seen.size, { timeout: 60_000, interval: 100 }).toBe(count);
      const quiet = { minBytes: 1, maxWaitTime: 200 };
      const busy = { minBytes: 64 * 1024, maxWaitTime: 20 };
      // The backlog's first fetch is a quiet one and brings hundreds of records: the next asks for more at once.
      expect(watch.fetches[0]).toEqual(quiet);
      expect(watch.fetches).toContainEqual(busy);
      // Once the backlog is delivered, fetches bring nothing: the member's fetches answer as soon as a record comes.
      const fetched = watch.fetches.length;
      await expect.poll(() => watch.fetches.length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(fetched + 1);
      expect(watch.fetches.at(-1)).toEqual(quiet);
      expect(watch.fetches.every((each) => JSON.stringify(each) === JSON.stringify(quiet) || JSON.stringify(each) === JSON.stringify(busy))).toBe(true);
    } finally {
      watch.stop();
    }
  });
});

describe('an application shared subscription with members whose window fills', () => {
  it('delivers a backlog of many fetches whole to one member (its stream paused and resumed again and again)', async () => {
    const prefix = `bp-one-${run}`;
    expect((await api.call('POST', '/api/app/shared/subs', { name: `${prefix} ${run}`, topicFilter: `${prefix}/#`, partitions: 4 })).status).toBe(200);
    const count = 12_000;
    await publish(prefix, count);
    const seen = new Set<string>();
    await member(`m-one-${run}`, `${prefix}/#`, seen);
    await expect.poll(() => seen.size, { timeout: 90_000, interval: 200 }).toBe(count);
  });

  it('delivers whole to members joining and leaving in the middle of a backlog (rebalances while the first one is paused)', async () => {
    const prefix = `bp-many-${run}`;
    expect((await api.call('POST', '/api/app/shared/subs', { name: `${prefix} ${run}`, topicFilter: `${prefix}/#`, partitions: 4 })).status).toBe(200);
    const count = 12_000;
    await publish(prefix, count);
    const seen = new Set<string>();
    await member(`m-many-a-${run}`, `${prefix}/#`, seen);
    await expect.poll(() => seen.size, { timeout: 60_000, interval: 50 }).toBeGreaterThan(1000);
    await member(`m-many-b-${run}`, `${prefix}/#`, seen);
    const third = await member(`m-many-c-${run}`, `${prefix}/#`, seen);
    await publish(prefix, count / 2, count);
    third.socket.destroy();
    await publish(prefix, count / 2, count + count / 2);
    await expect.poll(() => seen.size, { timeout: 90_000, interval: 200 }).toBe(2 * count);
  });
});
