// The Kafka integration (issue 28) against the test suite's real Kafka: messages published to the
// bundled broker land in a Kafka topic keyed by their source topic, and 100,000 acknowledged QoS 1
// messages all land there through a time the topic refuses writes and a SIGKILL of the broker.
import { randomUUID } from 'node:crypto';
import { Admin, Consumer, IncrementalAlterConfigOperationTypes, ConfigResourceTypes, MessagesStreamModes } from '@platformatic/kafka';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest';
import { BrokerProcess } from '../support/node/broker-process.js';
import { adminOf, deliveryReport, errorSeen, publishThroughTrouble } from '../support/mqtt/integration-load.js';

const bootstrap = inject('kafkaBootstrap');
const run = randomUUID().slice(0, 8);
const admin = new Admin({ clientId: `integration-kafka-${run}`, bootstrapBrokers: [bootstrap] });
const TOTAL = 100_000;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  cleanups.length = 0;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => admin.close());

async function createTopic(name: string): Promise<void> {
  await admin.createTopics({ topics: [name], partitions: 4, replicas: 1 });
  await expect.poll(() => admin.listTopics()).toContain(name);
}

/**
 * The topic refuses every write while its records may be at most 10 bytes and it asks for more
 * in-sync replicas than this one-node Kafka has; set back, it takes them again.
 */
async function refuseWrites(topic: string, refuse: boolean): Promise<void> {
  const { SET, DELETE } = IncrementalAlterConfigOperationTypes;
  await admin.incrementalAlterConfigs({
    resources: [
      {
        resourceType: ConfigResourceTypes.TOPIC,
        resourceName: topic,
        configs: refuse
          ? [
              { name: 'min.insync.replicas', configOperation: SET, value: '2' },
              { name: 'max.message.bytes', configOperation: SET, value: '10' },
            ]
          : [
              { name: 'min.insync.replicas', configOperation: DELETE },
              { name: 'max.message.bytes', configOperation: DELETE },
            ],
      },
    ],
  });
}

/** Every record of the topic, partition by partition in offset order. */
async function readAll(topic: string, expected: number): Promise<{ key: string; value: string }[]> {
  const consumer = new Consumer({ clientId: `integration-kafka-reader-${run}`, groupId: `integration-kafka-${randomUUID()}`, bootstrapBrokers: [bootstrap] });
  const records: { key: string; value: string }[] = [];
  try {
    const stream = await consumer.consume({ topics: [topic], mode: MessagesStreamModes.EARLIEST, autocommit: false, maxWaitTime: 200 });
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (message) => {
        records.push({ key: Buffer.from(message.key as Buffer).toString('utf8'), value: Buffer.from(message.value as Buffer).toString('utf8') });
        if (records.length >= expected) resolve();
      });
      stream.once('error', reject);
    });
    await stream.close();
  } finally {
    await consumer.close(true);
  }
  return records;
}

async function startedBroker(): Promise<BrokerProcess> {
  const broker = await BrokerProcess.create({ STARLING_INTEGRATION_RETRY_MAX_SECONDS: '1' });
  cleanups.push(() => broker.destroy());
  await broker.start();
  return broker;
}

it('writes each message to the topic keyed by its source topic, as the document with its fields', async () => {
  const topic = `integration-doc-${run}`;
  await createTopic(topic);
  const broker = await startedBroker();
  const api = await adminOf(broker);
  const saved = await api.call<{ id: string; status?: { success: boolean } }>('POST', '/api/integration', {
    name: 'to-kafka',
    type: 'KAFKA',
    enabled: true,
    configuration: { topicFilters: ['meters/#'], clientConfiguration: { bootstrapServers: bootstrap, topic, acks: 'all', compression: 'gzip', kafkaHeaders: { origin: 'starling' } }, metadata: { plant: 'p1' } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.mqttPort}`, { clientId: 'meter-7', reconnectPeriod: 0 });
  cleanups.push(() => client.endAsync(true));
  for (let index = 1; index <= 3; index++) await client.publishAsync('meters/7', `reading ${index}`, { qos: 1 });
  const records = await readAll(topic, 3);
  expect(records.map((record) => record.key)).toEqual(['meters/7', 'meters/7', 'meters/7']);
  const documents = records.map((record) => JSON.parse(record.value) as { payload: string; topicName: string; clientId: string; qos: number; metadata: Record<string, string> });
  expect(documents.map((document) => Buffer.from(document.payload, 'base64').toString())).toEqual(['reading 1', 'reading 2', 'reading 3']);
  expect(documents[0]).toMatchObject({ topicName: 'meters/7', clientId: 'meter-7', qos: 1, metadata: { plant: 'p1', integrationName: 'to-kafka' } });
  expect((await api.call<{ delivery: { sent: number } }>('GET', `/api/integration/${saved.body.id}`)).body.delivery.sent).toBe(3);
});

it('delivers 100,000 acknowledged messages to Kafka through a time the topic refuses writes and a SIGKILL of the broker', { timeout: 900_000 }, async () => {
  const topic = `integration-durable-${run}`;
  await createTopic(topic);
  const broker = await startedBroker();
  const api = await adminOf(broker);
  const saved = await api.call<{ id: string }>('POST', '/api/integration', {
    name: 'durable-kafka',
    type: 'KAFKA',
    enabled: true,
    configuration: { topicFilters: ['durable/+'], clientConfiguration: { bootstrapServers: bootstrap, topic, acks: 'all', sendOnlyMsgPayload: true } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const publishers = await publishThroughTrouble({
    broker,
    prefix: 'durable',
    total: TOTAL,
    targetDownAt: 15_000,
    targetUpAt: 35_000,
    killAt: 55_000,
    // Down until the integration has seen it refuse (the change takes a moment to reach the partition leader).
    stopTarget: async () => {
      await refuseWrites(topic, true);
      await errorSeen(api, saved.body.id);
    },
    startTarget: () => refuseWrites(topic, false),
  });
  // Everything acknowledged is in Kafka once the integration's backlog is empty.
  const after = await adminOf(broker);
  await expect
    .poll(async () => (await after.call<{ delivery: { backlogMessages: number } }>('GET', `/api/integration/${saved.body.id}`)).body.delivery.backlogMessages, { timeout: 600_000, interval: 500 })
    .toBe(0);
  const records = await readAll(topic, TOTAL);
  const result = deliveryReport(publishers, records.map((record) => ({ topic: record.key, payload: record.value })));
  console.info(`[integrations] KAFKA: ${TOTAL} acknowledged, ${records.length} arrived, ${result.lost.length} lost, ${result.duplicates} duplicates, out of order: ${result.outOfOrder.length}`);
  expect(result.lost).toEqual([]);
  expect(result.outOfOrder).toEqual([]);
});
