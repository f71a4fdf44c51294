// The read side of application shared subscriptions against a real Kafka node: APPLICATION clients
// subscribed as $share/{group}/{filter} get the messages from Kafka, as members of one consumer
// group, with the backlog, QoS as agreed, acknowledged messages never again and unacknowledged
// ones again; DEVICE clients keep the in-memory shared subscriptions.
import { randomUUID } from 'node:crypto';
import { Admin } from '@platformatic/kafka';
import type mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiClient } from '../support/api/api-client.js';
import { MqttClients, pause } from '../support/mqtt/mqtt-clients.js';
import { RawMqttClient } from '../support/mqtt/raw-mqtt-client.js';
import { startKafkaTestNode } from '../support/node/kafka-test-node.js';
import type { TestNode } from '../support/node/test-node.js';

interface Subscription {
  id: string;
  kafkaTopic: string;
}

const bootstrap = inject('kafkaBootstrap');
const run = randomUUID().slice(0, 8);
const APP = { username: `app-${run}`, password: 'app-secret' };
const DEVICE = { username: `device-${run}`, password: 'device-secret' };
const admin = new Admin({ clientId: 'app-shared-delivery-test', bootstrapBrokers: [bootstrap] });

let node: TestNode;
let api: ApiClient;
let clients: MqttClients;
const opened: RawMqttClient[] = [];

async function subscription(filter: string, partitions: number): Promise<Subscription> {
  const answer = await api.call<Subscription>('POST', '/api/app/shared/subs', { name: `${filter} ${run}`, topicFilter: filter, partitions });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** An APPLICATION client at the packet level: it acknowledges only when told (or at once with autoAcknowledge). */
async function member(clientId: string, options: { autoAcknowledge?: boolean; receiveMaximum?: number } = {}): Promise<RawMqttClient> {
  const { client, connack } = await RawMqttClient.connect(
    { port: node.mqttPort, autoAcknowledge: options.autoAcknowledge ?? true },
    { clientId, username: APP.username, password: Buffer.from(APP.password), properties: options.receiveMaximum ? { receiveMaximum: options.receiveMaximum } : undefined },
  );
  expect(connack.reasonCode ?? connack.returnCode).toBe(0);
  opened.push(client);
  return client;
}

const publishes = (client: RawMqttClient) => client.received.filter((packet): packet is mqttPacket.IPublishPacket => packet.cmd === 'publish');
const payloads = (client: RawMqttClient) => publishes(client).map((packet) => packet.payload.toString());

beforeAll(async () => {
  ({ node, api, clients } = await startKafkaTestNode(bootstrap, { run, app: APP, device: DEVICE }));
});

afterAll(async () => {
  for (const client of opened) client.socket.destroy();
  await clients?.closeAll();
  await admin.close();
  await node?.destroy();
});

describe('members of an application shared subscription', () => {
  it('get the backlog written before any member came, each message once, and nothing through the in-memory group', async () => {
    const filter = `backlog-${run}/#`;
    await subscription(filter, 2);
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-backlog-${run}`, ...DEVICE });
    for (let index = 0; index < 20; index++) await publisher.publishAsync(`backlog-${run}/t${index % 3}`, `b-${index}`, { qos: 1 });
    const first = await member(`m1-backlog-${run}`);
    expect((await first.subscribe(`$share/workers/${filter}`, { qos: 1 })).granted).toEqual([1]);
    await expect.poll(() => payloads(first).length, { timeout: 15_000 }).toBe(20);
    await publisher.publishAsync(`backlog-${run}/t1`, 'live', { qos: 1 });
    await expect.poll(() => payloads(first).length).toBe(21);
    await pause(500);
    expect(new Set(payloads(first)).size).toBe(21);
    expect(payloads(first)).toHaveLength(21);
    // Per MQTT topic, in the order published.
    for (const topic of ['t0', 't1', 't2']) {
      const ofTopic = publishes(first).filter((packet) => packet.topic === `backlog-${run}/${topic}`).map((packet) => packet.payload.toString()).map((payload) => (payload === 'live' ? 99 : Number(payload.slice(2))));
      expect(ofTopic).toEqual([...ofTopic].sort((a, b) => a - b));
    }
  });

  it('delivers with the lower of the subscription and message QoS, and MQTT 5 properties', async () => {
    const filter = `qos-${run}/+`;
    await subscription(filter, 1);
    const reader = await member(`m-qos-${run}`);
    await reader.subscribe(`$share/qos/${filter}`, { qos: 1 });
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-qos-${run}`, ...DEVICE });
    await publisher.publishAsync(`qos-${run}/a`, 'two', { qos: 2, properties: { contentType: 'text/plain', userProperties: { k: 'v' } } });
    await publisher.publishAsync(`qos-${run}/a`, 'zero', { qos: 0 });
    await expect.poll(() => payloads(reader), { timeout: 10_000 }).toEqual(['two', 'zero']);
    const [two, zero] = publishes(reader);
    expect(two?.qos).toBe(1);
    expect(two?.properties).toMatchObject({ contentType: 'text/plain', userProperties: { k: 'v' } });
    expect(zero?.qos).toBe(0);
  });

  it('completes QoS 2 with PUBREC, PUBREL, PUBCOMP', async () => {
    const filter = `exactly-${run}`;
    await subscription(filter, 1);
    const reader = await member(`m-qos2-${run}`);
    await reader.subscribe(`$share/q2/${filter}`, { qos: 2 });
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-qos2-${run}`, ...DEVICE });
    await publisher.publishAsync(filter, 'once', { qos: 2 });
    await expect.poll(() => payloads(reader), { timeout: 10_000 }).toEqual(['once']);
    expect(publishes(reader)[0]?.qos).toBe(2);
    await expect.poll(() => reader.received.some((packet) => packet.cmd === 'pubrel')).toBe(true);
  });

  it('holds to the member\'s Receive Maximum, and sends what it did not acknowledge to the other member when it leaves', async () => {
    const filter = `handover-${run}/#`;
    await subscription(filter, 1);
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-handover-${run}`, ...DEVICE });
    for (let index = 0; index < 10; index++) await publisher.publishAsync(`handover-${run}/x`, `h-${index}`, { qos: 1 });
    const slow = await member(`m-slow-${run}`, { autoAcknowledge: false, receiveMaximum: 3 });
    await slow.subscribe(`$share/ho/${filter}`, { qos: 1 });
    await expect.poll(() => payloads(slow).length, { timeout: 10_000 }).toBe(3);
    await pause(300);
    expect(payloads(slow)).toEqual(['h-0', 'h-1', 'h-2']);
    // h-0 and h-1 acknowledged; h-2 not.
    for (const packet of publishes(slow).slice(0, 2)) slow.send({ cmd: 'puback', messageId: packet.messageId } as mqttPacket.IPubackPacket);
    await expect.poll(() => payloads(slow).length).toBe(5);
    // Ping: its answer comes after the broker handled the PUBACKs before it.
    slow.send({ cmd: 'pingreq' });
    await slow.next('pingresp');
    const other = await member(`m-other-${run}`);
    await other.subscribe(`$share/ho/${filter}`, { qos: 1 });
    await pause(500);
    slow.socket.destroy();
    await expect.poll(() => payloads(other).length, { timeout: 20_000 }).toBe(8);
    expect(payloads(other)).toEqual(['h-2', 'h-3', 'h-4', 'h-5', 'h-6', 'h-7', 'h-8', 'h-9']);
  });

  it('gives a member returning to its persistent session what it did not acknowledge once, from Kafka, not also from the session', async () => {
    const filter = `persistent-${run}/#`;
    await subscription(filter, 1);
    const clientId = `m-persistent-${run}`;
    const connectPersistent = async () => {
      const { client, connack } = await RawMqttClient.connect(
        { port: node.mqttPort, autoAcknowledge: false },
        { clientId, clean: false, username: APP.username, password: Buffer.from(APP.password), properties: { sessionExpiryInterval: 600 } },
      );
      opened.push(client);
      return { client, connack };
    };
    const first = await connectPersistent();
    await first.client.subscribe(`$share/keep/${filter}`, { qos: 1 });
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-persistent-${run}`, ...DEVICE });
    for (let index = 0; index < 4; index++) await publisher.publishAsync(`persistent-${run}/x`, `p-${index}`, { qos: 1 });
    await expect.poll(() => payloads(first.client).length, { timeout: 10_000 }).toBe(4);
    // p-0 acknowledged (and confirmed by the ping's answer), the rest not.
    first.client.send({ cmd: 'puback', messageId: publishes(first.client)[0]?.messageId } as mqttPacket.IPubackPacket);
    first.client.send({ cmd: 'pingreq' });
    await first.client.next('pingresp');
    first.client.socket.destroy();
    await pause(300);
    // Back without subscribing again: the session holds the subscription.
    const second = await connectPersistent();
    expect(second.connack.sessionPresent).toBe(true);
    await expect.poll(() => payloads(second.client).length, { timeout: 20_000 }).toBe(3);
    await pause(1000);
    expect(payloads(second.client)).toEqual(['p-1', 'p-2', 'p-3']);
  });

  it('sends nothing more once the subscription is deleted', async () => {
    const filter = `deleted-${run}/#`;
    const created = await subscription(filter, 1);
    const reader = await member(`m-deleted-${run}`);
    await reader.subscribe(`$share/gone/${filter}`, { qos: 1 });
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-deleted-${run}`, ...DEVICE });
    await publisher.publishAsync(`deleted-${run}/a`, 'before', { qos: 1 });
    await expect.poll(() => payloads(reader), { timeout: 10_000 }).toEqual(['before']);
    expect((await api.call('DELETE', `/api/app/shared/subs/${created.id}`)).status).toBe(200);
    await publisher.publishAsync(`deleted-${run}/a`, 'after', { qos: 1 });
    await pause(1500);
    expect(payloads(reader)).toEqual(['before']);
  });

  it('leaves DEVICE clients on $share to the in-memory shared subscription (live messages, no backlog)', async () => {
    const filter = `devices-${run}/#`;
    await subscription(filter, 1);
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `pub-devices-${run}`, ...DEVICE });
    await publisher.publishAsync(`devices-${run}/old`, 'before', { qos: 1 });
    const device = await clients.connect({ protocolVersion: 5, clientId: `device-${run}`, ...DEVICE });
    const received: string[] = [];
    device.on('message', (_topic, payload) => received.push(payload.toString()));
    await device.subscribeAsync(`$share/devs/${filter}`, { qos: 1 });
    await publisher.publishAsync(`devices-${run}/new`, 'after', { qos: 1 });
    await expect.poll(() => received).toEqual(['after']);
    const groups = (await admin.listGroups()).keys();
    expect([...groups].some((group) => group.includes('devs'))).toBe(false);
  });
});
