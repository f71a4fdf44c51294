// The Kafka the kafka tests run against is a real one: a topic made through the admin API takes a
// message from a producer, gives it to a consumer group, and is gone once deleted.
import { randomUUID } from 'node:crypto';
import { Admin, Consumer, MessagesStreamModes, Producer, stringDeserializers, stringSerializers } from '@platformatic/kafka';
import { afterAll, describe, expect, inject, it } from 'vitest';

const bootstrapBrokers = [inject('kafkaBootstrap')];

describe('the test Kafka', () => {
  const admin = new Admin({ clientId: 'harness-admin', bootstrapBrokers });
  const producer = new Producer({ clientId: 'harness-producer', bootstrapBrokers, serializers: stringSerializers });
  const consumer = new Consumer({ clientId: 'harness-consumer', groupId: `harness-${randomUUID()}`, bootstrapBrokers, deserializers: stringDeserializers });
  const topic = `harness-${randomUUID()}`;

  afterAll(async () => {
    await Promise.all([consumer.close(true), producer.close(), admin.close()]);
  });

  it('creates a topic with three partitions and lists it', async () => {
    await admin.createTopics({ topics: [topic], partitions: 3, replicas: 1 });

    // The controller answers once the topic is committed; the broker's view of it follows shortly.
    await expect.poll(() => admin.listTopics()).toContain(topic);
    const metadata = await admin.metadata({ topics: [topic] });
    expect(metadata.topics.get(topic)?.partitionsCount).toBe(3);
  });

  it('delivers a produced message to a consumer group', async () => {
    await producer.send({ messages: [{ topic, partition: 2, key: 'sensor-7', value: '21.5', headers: { unit: 'celsius' } }] });

    const stream = await consumer.consume({ topics: [topic], mode: MessagesStreamModes.EARLIEST, autocommit: false });
    const received = await new Promise<{ partition: number; key: string; value: string; unit: string | undefined }>((resolve, reject) => {
      stream.once('data', (message) => resolve({ partition: message.partition, key: message.key, value: message.value, unit: message.headers.get('unit') }));
      stream.once('error', reject);
    });
    await stream.close();

    expect(received).toEqual({ partition: 2, key: 'sensor-7', value: '21.5', unit: 'celsius' });
  });

  it('deletes the topic', async () => {
    await admin.deleteTopics({ topics: [topic] });

    await expect.poll(() => admin.listTopics()).not.toContain(topic);
  });
});
