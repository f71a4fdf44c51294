// The write side of application shared subscriptions against a real Kafka node: a message a real
// MQTT client publishes to a matching topic is in the subscription's Kafka topic by the time the
// publisher has its PUBACK, keyed by its MQTT topic, with its QoS, retain flag and MQTT 5 properties.
import { randomUUID } from 'node:crypto';
import { Consumer, MessagesStreamModes } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeKafkaMessage } from '../../src/app-shared-subscriptions/app-shared-subscription.js';
import { kafkaProducer, KafkaWriter } from '../../src/app-shared-subscriptions/kafka-writer.js';
import { ApiClient } from '../support/api/api-client.js';
import { MqttClients } from '../support/mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from '../support/node/test-node.js';

interface Subscription {
  id: string;
  kafkaTopic: string;
}

const bootstrap = inject('kafkaBootstrap');
const [host, port] = bootstrap.split(':') as [string, string];
const run = randomUUID().slice(0, 8);

let node: TestNode;
let api: ApiClient;
let clients: MqttClients;
let subscription: Subscription;
const reader = new Consumer({ clientId: 'app-shared-produce-test', groupId: `produce-test-${run}`, bootstrapBrokers: [bootstrap] });

/** The records of the topic, in offset order per partition, read by a consumer of the test's own. */
async function endOffsets(topic: string): Promise<bigint> {
  const offsets = await reader.listOffsets({ topics: [topic] });
  return (offsets.get(topic) ?? []).reduce((sum, offset) => sum + offset, 0n);
}

beforeAll(async () => {
  node = await startTestNode({ kafka: { bootstrap: [{ host, port: Number(port) }], sasl: undefined, tls: false, tlsCaFile: undefined } });
  api = new ApiClient(node.baseUrl);
  await api.signIn();
  clients = new MqttClients(node);
  const answer = await api.call<Subscription>('POST', '/api/app/shared/subs', { name: `Produce ${run}`, topicFilter: `produce-${run}/+/state`, partitions: 2 });
  expect(answer.status).toBe(200);
  subscription = answer.body;
});

afterAll(async () => {
  await clients?.closeAll();
  await reader.close(true);
  await node?.destroy();
});

describe('messages written to the Kafka topic of an application shared subscription', () => {
  it('holds every matching message once the publisher has its PUBACK, and no other message', async () => {
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `publisher-${run}` });
    for (let index = 0; index < 20; index++) {
      await publisher.publishAsync(`produce-${run}/device-${index % 4}/state`, `m-${index}`, { qos: 1 });
      // The PUBACK came after Kafka acknowledged: the record is there already.
      expect(await endOffsets(subscription.kafkaTopic)).toBe(BigInt(index + 1));
    }
    await publisher.publishAsync(`produce-${run}/device-1/other`, 'not matching', { qos: 1 });
    await publisher.publishAsync(`produce-${run}/state`, 'not matching either', { qos: 0 });
    await publisher.publishAsync(`produce-${run}/device-9/state`, Buffer.from([0, 1, 2]), {
      qos: 0,
      retain: true,
      properties: { contentType: 'application/octet-stream', responseTopic: 'replies/9', correlationData: Buffer.from('c-9'), userProperties: { origin: 'test' }, payloadFormatIndicator: false },
    });
    await expect.poll(() => endOffsets(subscription.kafkaTopic)).toBe(21n);

    const stream = await reader.consume({ topics: [subscription.kafkaTopic], mode: MessagesStreamModes.EARLIEST, autocommit: false, maxWaitTime: 200 });
    const records: { key: string; partition: number; value: ReturnType<typeof decodeKafkaMessage> }[] = [];
    for await (const record of stream) {
      records.push({ key: (record.key as Buffer).toString(), partition: record.partition, value: decodeKafkaMessage(record.value as Buffer) });
      if (records.length === 21) break;
    }
    await stream.close();
    // One MQTT topic, one partition, in the order published.
    for (let device = 0; device < 4; device++) {
      const ofDevice = records.filter((record) => record.key === `produce-${run}/device-${device}/state`);
      expect(new Set(ofDevice.map((record) => record.partition)).size).toBe(1);
      expect(ofDevice.map((record) => record.value?.payload.toString())).toEqual([0, 1, 2, 3, 4].map((step) => `m-${step * 4 + device}`));
      expect(ofDevice.every((record) => record.value?.qos === 1 && record.value.retain === false)).toBe(true);
    }
    const last = records.find((record) => record.key === `produce-${run}/device-9/state`);
    expect(last?.value).toEqual({
      qos: 0,
      retain: true,
      payload: Buffer.from([0, 1, 2]),
      properties: { contentType: 'application/octet-stream', responseTopic: 'replies/9', correlationData: Buffer.from('c-9'), userProperties: { origin: 'test' }, payloadFormatIndicator: false },
    });
  });

  it('still delivers matching messages to ordinary subscribers as before', async () => {
    const subscriber = await clients.connect({ protocolVersion: 5, clientId: `subscriber-${run}` });
    await subscriber.subscribeAsync(`produce-${run}/device-7/state`, { qos: 1 });
    const received = new Promise<string>((resolve) => subscriber.once('message', (_topic, payload) => resolve(payload.toString())));
    const publisher = await clients.connect({ protocolVersion: 5, clientId: `publisher-2-${run}` });
    await publisher.publishAsync(`produce-${run}/device-7/state`, 'for everyone', { qos: 1 });
    expect(await received).toBe('for everyone');
  });
});

describe('the acks the writer asks of this single-node Kafka', () => {
  it("are the leader's once the producer's metadata shows one replica per partition, and each write is in the topic when it is done", async () => {
    const settings = { bootstrap: [{ host, port: Number(port) }], sasl: undefined, tls: false, tlsCaFile: undefined };
    const asked: number[] = [];
    const writer = new KafkaWriter(settings, (...made) => {
      const producer = kafkaProducer(...made);
      return { send: (request) => (asked.push(request.acks), producer.send(request)), close: () => producer.close() };
    });
    const before = await endOffsets(subscription.kafkaTopic);
    const write = (payload: string) =>
      new Promise<void>((resolve, reject) => writer.write([subscription.kafkaTopic], `produce-${run}/writer/state`, { qos: 1, retain: false, payload: Buffer.from(payload), properties: undefined }, (error) => (error ? reject(error) : resolve())));
    try {
      await write('first');
      expect(await endOffsets(subscription.kafkaTopic)).toBe(before + 1n);
      await write('second');
      expect(await endOffsets(subscription.kafkaTopic)).toBe(before + 2n);
    } finally {
      await writer.close();
    }
    // Nothing was known before the first request: it waited for all in-sync replicas.
    expect(asked).toEqual([-1, 1]);
  });
});
