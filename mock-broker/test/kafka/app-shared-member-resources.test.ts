// What a member of an application shared subscription holds for its client, whatever that client
// does on one connection: subscribing and unsubscribing again and again leaves nothing behind on
// the connection, and a QoS 1 message it never acknowledges holds back at most MAX_PENDING_OFFSETS
// messages of its partition (QoS 0 ones, acknowledged on sending), all sent once it acknowledges.
import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { Admin, Producer } from '@platformatic/kafka';
import type { Client } from 'aedes';
import type mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_PENDING_OFFSETS } from '../../src/app-shared-subscriptions/acknowledged-offsets.js';
import { consumerGroupFor, encodeKafkaMessage } from '../../src/app-shared-subscriptions/app-shared-subscription.js';
import type { ApiClient } from '../support/api/api-client.js';
import type { MqttClients } from '../support/mqtt/mqtt-clients.js';
import { RawMqttClient } from '../support/mqtt/raw-mqtt-client.js';
import { startKafkaTestNode } from '../support/node/kafka-test-node.js';
import type { TestNode } from '../support/node/test-node.js';

const bootstrap = inject('kafkaBootstrap');
const run = randomUUID().slice(0, 8);
const APP = { username: `app-res-${run}`, password: 'app-secret' };
const DEVICE = { username: `device-res-${run}`, password: 'device-secret' };
const admin = new Admin({ clientId: 'app-shared-member-resources-test', bootstrapBrokers: [bootstrap] });
const producer = new Producer({ clientId: 'app-shared-member-resources-records', bootstrapBrokers: [bootstrap] });

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
  await producer.close();
  await admin.close();
  await node?.destroy();
});

async function subscription(filter: string): Promise<{ id: string; kafkaTopic: string }> {
  const answer = await api.call<{ id: string; kafkaTopic: string }>('POST', '/api/app/shared/subs', { name: `${filter} ${run}`, topicFilter: filter, partitions: 1 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function application(clientId: string, autoAcknowledge: boolean): Promise<RawMqttClient> {
  const { client, connack } = await RawMqttClient.connect({ port: node.mqttPort, autoAcknowledge }, { clientId, username: APP.username, password: Buffer.from(APP.password) });
  expect(connack.reasonCode ?? connack.returnCode).toBe(0);
  opened.push(client);
  return client;
}

/** The connection of a client as the node holds it (the node runs in this process). */
function serverConnection(clientId: string): Client['conn'] {
  const client = (node.mqtt.broker as unknown as { clients: Record<string, Client | undefined> }).clients[clientId];
  if (!client) throw new Error(`no client ${clientId} on the node`);
  return client.conn;
}

const publishes = (client: RawMqttClient) => client.received.filter((packet): packet is mqttPacket.IPublishPacket => packet.cmd === 'publish');

/** The offsets the node's Kafka consumers have taken in from `topic` (the client's tracing channel). */
function watchReceives(topic: string): { offsets: bigint[]; stop(): void } {
  const offsets: bigint[] = [];
  const channel = diagnostics.tracingChannel('plt:kafka:consumer:receives');
  const handlers = {
    start: () => undefined,
    end: () => undefined,
    asyncStart: () => undefined,
    asyncEnd: (context: unknown) => {
      const message = (context as { result?: { topic: string; offset: bigint } }).result;
      if (message?.topic === topic) offsets.push(message.offset);
    },
    error: () => undefined,
  };
  channel.subscribe(handlers);
  return { offsets, stop: () => channel.unsubscribe(handlers) };
}

describe('an APPLICATION client subscribing and unsubscribing again and again on one connection', () => {
  it('leaves no listener of its stopped members on the connection, and still gets messages afterwards', async () => {
    const filter = `cycles-${run}/#`;
    await subscription(filter);
    const clientId = `m-cycles-${run}`;
    const member = await application(clientId, true);
    const connection = serverConnection(clientId);
    const before = connection.listenerCount('drain');
    for (let cycle = 1; cycle <= 10; cycle++) {
      expect((await member.subscribe(`$share/cycles/${filter}`, { qos: 1 }, cycle)).granted).toEqual([1]);
      // A member writes only while the socket has room, and listens for when it has again.
      expect(connection.listenerCount('drain')).toBe(before + 1);
      member.send({ cmd: 'unsubscribe', messageId: cycle, unsubscriptions: [`$share/cycles/${filter}`] } as mqttPacket.IUnsubscribePacket);
      await member.next('unsuback');
      // Aedes tells of the UNSUBSCRIBE as it writes the UNSUBACK: the member has stopped by now.
      expect(connection.listenerCount('drain')).toBe(before);
    }
    expect((await member.subscribe(`$share/cycles/${filter}`, { qos: 1 }, 11)).granted).toEqual([1]);
    expect(connection.listenerCount('drain')).toBe(before + 1);
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-cycles-${run}`, ...DEVICE });
    await publisher.publishAsync(`cycles-${run}/x`, 'after the cycles', { qos: 1 });
    await expect.poll(() => publishes(member).map((packet) => packet.payload.toString()), { timeout: 60_000 }).toEqual(['after the cycles']);
  });
});

describe('a member whose client never acknowledges one QoS 1 message', () => {
  it('sends at most MAX_PENDING_OFFSETS messages of the partition from it on, and the rest once it is acknowledged, committing all', async () => {
    const filter = `held-${run}/#`;
    const { id, kafkaTopic } = await subscription(filter);
    const after = 400;
    const total = MAX_PENDING_OFFSETS + after;
    const key = Buffer.from(`held-${run}/a`);
    await producer.send({ messages: [{ topic: kafkaTopic, key, value: encodeKafkaMessage({ qos: 1, retain: false, payload: Buffer.from('held') }) }] });
    for (let sent = 1; sent < total; sent += 1000) {
      const count = Math.min(1000, total - sent);
      await producer.send({ messages: Array.from({ length: count }, (_, index) => ({ topic: kafkaTopic, key, value: encodeKafkaMessage({ qos: 0, retain: false, payload: Buffer.from(`q0-${sent + index}`) }) })) });
    }
    const watch = watchReceives(kafkaTopic);
    try {
      const member = await application(`m-held-${run}`, false);
      expect((await member.subscribe(`$share/held/${filter}`, { qos: 1 })).granted).toEqual([1]);
      await expect.poll(() => publishes(member).length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(MAX_PENDING_OFFSETS);
      // The node has taken in every record, and whatever it made of them has reached the client.
      await expect.poll(() => watch.offsets.at(-1), { timeout: 60_000, interval: 50 }).toBe(BigInt(total - 1));
      await member.settle('publish');
      const held = publishes(member)[0] as mqttPacket.IPublishPacket;
      expect(held.payload.toString()).toBe('held');
      expect(held.qos).toBe(1);
      expect(publishes(member)).toHaveLength(MAX_PENDING_OFFSETS);

      member.send({ cmd: 'puback', messageId: held.messageId } as mqttPacket.IPubackPacket);
      await expect.poll(() => publishes(member).length, { timeout: 60_000, interval: 100 }).toBe(total);
      expect(publishes(member).at(-1)?.payload.toString()).toBe(`q0-${total - 1}`);
      const groupId = consumerGroupFor({ id }, 'held');
      await expect
        .poll(async () => (await admin.listConsumerGroupOffsets({ groups: [groupId] }))[0]?.topics[0]?.partitions[0]?.committedOffset, { timeout: 30_000, interval: 200 })
        .toBe(BigInt(total));
    } finally {
      watch.stop();
    }
  });
});
