// The Kafka writer's bound in bytes (STARLING_KAFKA_MAX_QUEUED_BYTES, SECURITY.md): with Kafka
// stalled (a listener that takes connections and never answers, as a hung broker does), messages
// for an application shared subscription wait for Kafka only up to the bound; beyond it an MQTT 5
// publisher's QoS 1/2 message is refused with 0x97 Quota exceeded, a QoS 0 message's Kafka copy is
// dropped and counted, and an MQTT 3.1.1 publisher is disconnected without an acknowledgement.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kafkaTopicFor } from '../../../src/app-shared-subscriptions/app-shared-subscription.js';
import { AppSharedSubscriptionRepository } from '../../../src/app-shared-subscriptions/app-shared-subscription-repository.js';
import { openDatabase } from '../../../src/database/database.js';
import { DEFAULT_KAFKA_LIMITS } from '../../../src/kafka/kafka-settings.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { WAIT_MS } from '../../support/checks/waits.js';

const FILTER = 'meters/#';
const MAX_QUEUED_BYTES = 64 * 1024;
/** Each message holds a quarter of the bound with its key and overhead: the fourth waiting one would pass it. */
const PAYLOAD = Buffer.alloc(MAX_QUEUED_BYTES / 4, 'x');
const FITTING = 3;

let node: TestNode;
let stalledKafka: net.Server;
const held: net.Socket[] = [];
const opened: RawMqttClient[] = [];

async function publisher(clientId: string, protocolVersion: 4 | 5 = 5): Promise<RawMqttClient> {
  const { client, connack } = await RawMqttClient.connect({ port: node.mqttPort, protocolVersion }, { clientId });
  expect(connack.reasonCode ?? connack.returnCode).toBe(0);
  opened.push(client);
  return client;
}

/** Connections publishing one message each: a connection's next packet waits until its message is taken or refused. */
async function publishFrom(prefix: string, count: number, payload: Buffer): Promise<RawMqttClient[]> {
  const clients = await Promise.all(Array.from({ length: count }, (_, index) => publisher(`${prefix}-${index}`)));
  for (const client of clients) client.publish('meters/one', payload, { qos: 1, messageId: 1 });
  return clients;
}

const refused = (clients: RawMqttClient[]) => clients.filter((client) => acknowledgements(client, 'puback').some((ack) => ack.reasonCode === 0x97));

/**
 * Fills the queue to its bound, whatever it held before (the writes of an earlier test fail once
 * the stalled Kafka's timeouts run out): answers the connections whose messages wait for Kafka.
 */
async function fill(prefix: string): Promise<RawMqttClient[]> {
  const clients = await publishFrom(prefix, FITTING + 1, PAYLOAD);
  await expect.poll(() => refused(clients).length, { timeout: WAIT_MS }).toBeGreaterThan(0);
  return clients.filter((client) => !refused(clients).includes(client));
}

async function droppedMessages(): Promise<number> {
  const text = await (await fetch(`${node.baseUrl}/metrics`)).text();
  return Number(/^starling_dropped_messages_total (\d+)$/m.exec(text)?.[1]);
}

const acknowledgements = (client: RawMqttClient, cmd: 'puback' | 'pubrec') =>
  client.received.filter((packet): packet is mqttPacket.IPubackPacket | mqttPacket.IPubrecPacket => packet.cmd === cmd);

beforeAll(async () => {
  stalledKafka = net.createServer((socket) => {
    held.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => stalledKafka.listen(0, '127.0.0.1', resolve));
  // The subscription was made while Kafka answered; the node now starts with it, and Kafka hangs.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-kafka-bound-'));
  const database = openDatabase(dataDir);
  new AppSharedSubscriptionRepository(database).insert({ id: 'a3c0e1d2-0000-4000-8000-000000000001', createdTime: Date.now(), name: 'Meters', topicFilter: FILTER, partitions: 1, kafkaTopic: kafkaTopicFor(FILTER) });
  database.close();
  node = await startTestNode({
    dataDir,
    metricsEnabled: true,
    kafka: {
      bootstrap: [{ host: '127.0.0.1', port: (stalledKafka.address() as net.AddressInfo).port }],
      sasl: undefined,
      tls: false,
      tlsCaFile: undefined,
      limits: { ...DEFAULT_KAFKA_LIMITS, maxQueuedBytes: MAX_QUEUED_BYTES },
    },
  });
});

afterAll(async () => {
  for (const client of opened) client.end();
  await node?.destroy();
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => stalledKafka?.close(resolve));
});

describe('messages for Kafka while Kafka does not answer', () => {
  it('waits with what fits in STARLING_KAFKA_MAX_QUEUED_BYTES and refuses the rest with PUBACK/PUBREC 0x97 Quota exceeded (MQTT 5.0 sections 3.4.2.1, 3.5.2.1)', async () => {
    const clients = await publishFrom('meter', 10, PAYLOAD);
    await expect.poll(() => refused(clients).length, { timeout: WAIT_MS }).toBe(10 - FITTING);
    // The refused ones are those beyond the bound; the others still wait for Kafka, unanswered.
    const waiting = clients.filter((client) => !refused(clients).includes(client));
    expect(waiting.map((client) => acknowledgements(client, 'puback'))).toEqual([[], [], []]);
    for (const client of refused(clients)) expect(acknowledgements(client, 'puback').map((ack) => [ack.messageId, ack.reasonCode])).toEqual([[1, 0x97]]);
    const again = refused(clients)[0] as RawMqttClient;
    again.publish('meters/one', PAYLOAD, { qos: 2, messageId: 2 });
    const pubrec = (await again.next('pubrec')) as mqttPacket.IPubrecPacket;
    expect([pubrec.messageId, pubrec.reasonCode]).toEqual([2, 0x97]);
    expect(clients.every((client) => !client.closed)).toBe(true);
  });

  it('drops and counts the Kafka copy of a QoS 0 message, which its MQTT subscribers still get (MQTT 5.0 section 4.3.1: at most once)', async () => {
    const { client: subscriber } = await RawMqttClient.connect({ port: node.mqttPort, autoAcknowledge: true }, { clientId: 'meter-reader' });
    opened.push(subscriber);
    expect((await subscriber.subscribe('meters/#', { qos: 0 })).granted).toEqual([0]);
    await fill('filler-qos0');
    const before = await droppedMessages();
    const client = await publisher('meter-qos0');
    client.publish('meters/two', PAYLOAD, { qos: 0 });
    expect((await subscriber.nextPublish()).payload).toEqual(PAYLOAD);
    await expect.poll(() => droppedMessages(), { timeout: WAIT_MS }).toBe(before + 1);
    expect(client.closed).toBe(false);
  });

  it('disconnects an MQTT 3.1.1 publisher at QoS 1 without a PUBACK, which has no refusal to send (MQTT 3.1.1 section 4.4: it sends the message again later)', async () => {
    const waiting = await fill('filler-v4');
    const client = await publisher('meter-v4', 4);
    client.publish('meters/three', PAYLOAD, { qos: 1, messageId: 1 });
    expect(await client.waitClosed()).toBe(true);
    expect(acknowledgements(client, 'puback')).toEqual([]);
    // Closed for the full queue, not for a failed write: what fills it still waits for Kafka.
    expect(waiting.map((client) => [client.closed, acknowledgements(client, 'puback')])).toEqual(waiting.map(() => [false, []]));
  });
});
