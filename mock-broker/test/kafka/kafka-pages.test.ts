// The Kafka pages against a real Kafka node (the kafka project's global setup): what the console
// would show of topics, consumer groups and brokers made with a real client, and deleting a group.
import { randomUUID } from 'node:crypto';
import { Admin, Consumer, MessagesStreamModes, Producer, stringDeserializers, stringSerializers, type MessagesStream } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../support/api/api-client.js';
import { startTestNode, type TestNode } from '../support/node/test-node.js';
import { eventually } from '../support/checks/waits.js';

interface Page<T> {
  data: T[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

interface TopicRow {
  name: string;
  partitions: number;
  replicationFactor: number;
  size: number;
}

interface GroupRow {
  groupId: string;
  state: string;
  members: number;
  lag: number;
}

interface ErrorAnswer {
  errorCode: number;
  message: string;
}

const bootstrap = inject('kafkaBootstrap');
const [host, port] = bootstrap.split(':') as [string, string];
const bootstrapBrokers = [bootstrap];
/** Names of this file's own, so that other files' topics and groups on the same Kafka never match its searches. */
const run = randomUUID().slice(0, 8);
const ordersTopic = `orders-${run}`;
const auditTopic = `audit-${run}`;
const idleGroup = `idle-${run}`;
const activeGroup = `active-${run}`;

let node: TestNode;
let api: ApiClient;
const admin = new Admin({ clientId: 'kafka-pages-test', bootstrapBrokers });
const producer = new Producer({ clientId: 'kafka-pages-producer', bootstrapBrokers, serializers: stringSerializers });
const consumer = new Consumer({ clientId: 'kafka-pages-consumer', groupId: activeGroup, bootstrapBrokers, deserializers: stringDeserializers });
let stream: MessagesStream<string, string, string, string> | undefined;

async function call<T>(method: string, path: string, status = 200): Promise<T> {
  const answer = await api.call<T>(method, path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

const topics = (query: string) => call<Page<TopicRow>>('GET', `/api/app/kafka-topics?pageSize=100&page=0&${query}`);
const groups = (query: string) => call<Page<GroupRow>>('GET', `/api/app/consumer-groups?pageSize=100&page=0&${query}`);
const send = (topic: string, partition: number, values: string[]) => producer.send({ messages: values.map((value) => ({ topic, partition, key: value, value })) });

beforeAll(async () => {
  node = await startTestNode({ kafka: { bootstrap: [{ host, port: Number(port) }], sasl: undefined, tls: false, tlsCaFile: undefined } });
  api = new ApiClient(node.baseUrl);
  await api.signIn();
  await admin.createTopics({ topics: [ordersTopic], partitions: 3, replicas: 1 });
  await admin.createTopics({ topics: [auditTopic], partitions: 1, replicas: 1 });
  await send(ordersTopic, 0, ['o-1', 'o-2', 'o-3', 'o-4', 'o-5']);
  await send(ordersTopic, 1, ['o-6', 'o-7']);
});

afterAll(async () => {
  await stream?.close();
  await Promise.all([consumer.close(true), producer.close()]);
  await admin.deleteTopics({ topics: [ordersTopic, auditTopic] }).catch(() => undefined);
  await admin.close();
  await node?.destroy();
});

describe('Kafka topics page', () => {
  it('shows the topics made with the client, with partitions, replication and size on disk', async () => {
    const page = await topics(`textSearch=${run}&sortProperty=name&sortOrder=ASC`);

    expect(page.totalElements).toBe(2);
    expect(page.data.map(({ name, partitions, replicationFactor }) => ({ name, partitions, replicationFactor }))).toEqual([
      { name: auditTopic, partitions: 1, replicationFactor: 1 },
      { name: ordersTopic, partitions: 3, replicationFactor: 1 },
    ]);
    const sizes = Object.fromEntries(page.data.map((topic) => [topic.name, topic.size]));
    // Seven records written: bytes on disk; the audit topic holds none.
    expect(sizes[ordersTopic]).toBeGreaterThan(0);
    expect(sizes[auditTopic]).toBe(0);
  });

  it('sorts by partitions and pages the result', async () => {
    const first = await call<Page<TopicRow>>('GET', `/api/app/kafka-topics?pageSize=1&page=0&textSearch=${run}&sortProperty=partitions&sortOrder=DESC`);

    expect(first).toMatchObject({ totalElements: 2, totalPages: 2, hasNext: true });
    expect(first.data.map((topic) => topic.name)).toEqual([ordersTopic]);
  });

  it('leaves Kafka\'s internal topics out', async () => {
    const page = await topics('textSearch=__consumer_offsets');

    expect(page.totalElements).toBe(0);
  });
});

describe('Kafka consumer groups page', () => {
  beforeAll(async () => {
    // A group without members that has read two of partition 0's five records: 3 behind.
    await admin.alterConsumerGroupOffsets({ groupId: idleGroup, topics: [{ name: ordersTopic, partitionOffsets: [{ partition: 0, offset: 2n }] }] });
    // A group with a member that commits everything it reads but the late record.
    stream = await consumer.consume({ topics: [ordersTopic], mode: MessagesStreamModes.EARLIEST, autocommit: false });
    const committed = new Set<string>();
    stream.on('data', (message) => {
      if (message.value === 'late') return;
      void Promise.resolve(message.commit()).then(() => committed.add(message.value));
    });
    await eventually(() => expect(committed.size).toBe(7), { timeout: 20_000, interval: 200 });
    await send(ordersTopic, 1, ['late']);
  });

  it('shows a group without members with its lag', async () => {
    const page = await groups(`textSearch=${idleGroup}`);

    expect(page.data).toEqual([{ groupId: idleGroup, state: 'EMPTY', members: 0, lag: 3 }]);
  });

  it('shows a group with an active member, its state and what it has not committed', async () => {
    await eventually(
      async () => {
        const page = await groups(`textSearch=${activeGroup}`);
        expect(page.data).toEqual([{ groupId: activeGroup, state: 'STABLE', members: 1, lag: 1 }]);
      },
      { timeout: 10_000, interval: 250 },
    );
  });

  it('sorts by lag', async () => {
    const page = await groups(`textSearch=${run}&sortProperty=lag&sortOrder=DESC`);

    expect(page.data.map((group) => group.groupId)).toEqual([idleGroup, activeGroup]);
  });

  it('refuses to delete a group with an active member, saying so', async () => {
    const answer = await call<ErrorAnswer>('DELETE', `/api/app/consumer-group?groupId=${activeGroup}`, 409);

    expect(answer.message).toContain('active member');
    expect((await groups(`textSearch=${activeGroup}`)).totalElements).toBe(1);
  });

  it('deletes a group without members', async () => {
    await call('DELETE', `/api/app/consumer-group?groupId=${idleGroup}`);

    expect((await groups(`textSearch=${idleGroup}`)).totalElements).toBe(0);
  });

  it('still lists a group whose topic was deleted after it committed', async () => {
    const gone = `gone-${run}`;
    const orphanGroup = `orphan-${run}`;
    await admin.createTopics({ topics: [gone], partitions: 1, replicas: 1 });
    await send(gone, 0, ['g-1', 'g-2']);
    await admin.alterConsumerGroupOffsets({ groupId: orphanGroup, topics: [{ name: gone, partitionOffsets: [{ partition: 0, offset: 1n }] }] });
    await admin.deleteTopics({ topics: [gone] });

    const page = await groups(`textSearch=${orphanGroup}`);

    expect(page.data.map(({ groupId, members }) => ({ groupId, members }))).toEqual([{ groupId: orphanGroup, members: 0 }]);
  });

  it('answers 404 for a group Kafka does not know', async () => {
    const answer = await call<ErrorAnswer>('DELETE', `/api/app/consumer-group?groupId=missing-${run}`, 404);

    expect(answer.errorCode).toBe(32);
  });
});

describe('Kafka brokers', () => {
  it('shows the single broker as the controller, with its address and the bytes it holds, as one page', async () => {
    const info = await call<{ data: { brokerId: number; address: string; port: number; controller: boolean; brokerSize: number }[]; totalElements: number }>('GET', '/api/app/cluster-info');

    expect(info.data).toHaveLength(1);
    expect(info.totalElements).toBe(1);
    expect(`${info.data[0]?.address}:${info.data[0]?.port}`).toBe(bootstrap);
    expect(info.data[0]?.controller).toBe(true);
    expect(info.data[0]?.brokerSize).toBeGreaterThan(0);
  });
});

describe("TBMQ 2.3's v2 paths (what its own console and this one call)", () => {
  it('answer the topics, consumer groups and brokers the first paths answer', async () => {
    const query = `pageSize=100&page=0&textSearch=${run}&sortProperty=name&sortOrder=ASC`;
    const names = (page: Page<TopicRow>) => page.data.map((topic) => [topic.name, topic.partitions]);
    expect(names(await call<Page<TopicRow>>('GET', `/api/app/kafka-topics/v2?${query}`))).toEqual(names(await topics(`textSearch=${run}&sortProperty=name&sortOrder=ASC`)));
    const groupIds = (page: Page<GroupRow>) => page.data.map((group) => group.groupId);
    const groupQuery = `pageSize=100&page=0&textSearch=${run}&sortProperty=groupId&sortOrder=ASC`;
    expect(groupIds(await call<Page<GroupRow>>('GET', `/api/app/consumer-groups/v2?${groupQuery}`))).toEqual(groupIds(await call<Page<GroupRow>>('GET', `/api/app/consumer-groups?${groupQuery}`)));
    const brokers = (info: Page<{ brokerId: number; address: string }>) => info.data.map(({ brokerId, address }) => [brokerId, address]);
    expect(brokers(await call('GET', '/api/app/cluster-info/v2'))).toEqual(brokers(await call('GET', '/api/app/cluster-info')));
    // The same checks of the request: a bad sort property is 400 naming it.
    const refused = await api.call<ErrorAnswer>('GET', '/api/app/kafka-topics/v2?pageSize=10&page=0&sortProperty=nope');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('sortProperty');
  });
});
