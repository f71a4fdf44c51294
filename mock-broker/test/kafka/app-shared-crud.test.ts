// Application shared subscriptions over HTTP against a real Kafka node: what the console would do
// (create, list, rename, delete) and what Kafka shows for it (the topic with its partitions, gone
// after the delete), the errors naming the field, and a node without Kafka refusing with 503.
import { randomUUID } from 'node:crypto';
import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppSharedSubscription } from '../../src/app-shared-subscriptions/app-shared-subscription.js';
import { ApiClient } from '../support/api/api-client.js';
import { startTestNode, type TestNode } from '../support/node/test-node.js';

/** What the API answers: the contract's ApplicationSharedSubscription. */
type Subscription = AppSharedSubscription;

interface Page<T> {
  data: T[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

interface ErrorAnswer {
  status: number;
  errorCode: number;
  message: string;
}

const bootstrap = inject('kafkaBootstrap');
const [host, port] = bootstrap.split(':') as [string, string];
const run = randomUUID().slice(0, 8);
const admin = new Admin({ clientId: 'app-shared-crud-test', bootstrapBrokers: [bootstrap] });

let node: TestNode;
let api: ApiClient;

async function partitionsOf(topic: string): Promise<number | undefined> {
  const topics = await admin.listTopics();
  if (!topics.includes(topic)) return undefined;
  return (await admin.metadata({ topics: [topic], forceUpdate: true })).topics.get(topic)?.partitionsCount;
}

async function create(body: Record<string, unknown>): Promise<Subscription> {
  const answer = await api.call<Subscription>('POST', '/api/app/shared/subs', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  node = await startTestNode({ kafka: { bootstrap: [{ host, port: Number(port) }], sasl: undefined, tls: false, tlsCaFile: undefined } });
  api = new ApiClient(node.baseUrl);
  await api.signIn();
});

afterAll(async () => {
  await admin.close();
  await node?.destroy();
});

describe('application shared subscriptions over HTTP', () => {
  it('creates one with its Kafka topic of that many partitions, lists, reads, renames and deletes it with its topic', async () => {
    const created = await create({ name: `Orders ${run}`, topicFilter: `crud-${run}/orders/+/status`, partitions: 3 });
    expect(created).toMatchObject({ name: `Orders ${run}`, topicFilter: `crud-${run}/orders/+/status`, partitions: 3 });
    expect(created.kafkaTopic).toMatch(/^[a-zA-Z0-9._-]{1,249}$/);
    expect(await partitionsOf(created.kafkaTopic)).toBe(3);

    const page = await api.call<Page<Subscription>>('GET', `/api/app/shared/subs?pageSize=10&page=0&textSearch=${encodeURIComponent(`ORDERS/+`)}`);
    expect(page.status).toBe(200);
    expect(page.body.data.map((each) => each.id)).toContain(created.id);
    expect((await api.call<Subscription>('GET', `/api/app/shared/subs/${created.id}`)).body).toEqual(created);

    const renamed = await api.call<Subscription>('POST', '/api/app/shared/subs', { id: created.id, name: `Order states ${run}`, topicFilter: created.topicFilter, partitions: 3 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created, name: `Order states ${run}` });

    expect((await api.call('DELETE', `/api/app/shared/subs/${created.id}`)).status).toBe(200);
    expect((await api.call('GET', `/api/app/shared/subs/${created.id}`)).status).toBe(404);
    await expect.poll(() => partitionsOf(created.kafkaTopic), { timeout: 10_000 }).toBeUndefined();
  });

  it('gives filters that read alike different, legal Kafka topics, also for a very long filter', async () => {
    const plus = await create({ name: `plus ${run}`, topicFilter: `alike-${run}/+`, partitions: 1 });
    const hash = await create({ name: `hash ${run}`, topicFilter: `alike-${run}/#`, partitions: 1 });
    const long = await create({ name: `long ${run}`, topicFilter: `long-${run}/${'level/'.repeat(150)}#`, partitions: 2 });
    expect(new Set([plus.kafkaTopic, hash.kafkaTopic]).size).toBe(2);
    expect(long.kafkaTopic.length).toBeLessThanOrEqual(249);
    expect(long.kafkaTopic).toMatch(/^[a-zA-Z0-9._-]+$/);
    expect(await partitionsOf(long.kafkaTopic)).toBe(2);
    for (const each of [plus, hash, long]) expect((await api.call('DELETE', `/api/app/shared/subs/${each.id}`)).status).toBe(200);
  });

  it('answers 409 naming the field for a taken name (any case) or topic filter, and creates no second topic', async () => {
    const first = await create({ name: `Unique ${run}`, topicFilter: `unique-${run}/#`, partitions: 1 });
    const sameName = await api.call<ErrorAnswer>('POST', '/api/app/shared/subs', { name: `UNIQUE ${run}`, topicFilter: `other-${run}/#`, partitions: 1 });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toContain('body.name');
    const sameFilter = await api.call<ErrorAnswer>('POST', '/api/app/shared/subs', { name: `Other ${run}`, topicFilter: `unique-${run}/#`, partitions: 1 });
    expect(sameFilter.status).toBe(409);
    expect(sameFilter.body.message).toContain('body.topicFilter');
    const second = await create({ name: `Second ${run}`, topicFilter: `second-${run}`, partitions: 1 });
    const renameTaken = await api.call<ErrorAnswer>('POST', '/api/app/shared/subs', { id: second.id, name: first.name, topicFilter: second.topicFilter, partitions: 1 });
    expect(renameTaken.status).toBe(409);
    expect(renameTaken.body.message).toContain('body.name');
    expect(await partitionsOf(`starling.app-shared.other-${run}_-`)).toBeUndefined();
    for (const each of [first, second]) await api.call('DELETE', `/api/app/shared/subs/${each.id}`);
  });

  it.each([
    [{ name: 'x', topicFilter: 'a/b', partitions: 0 }, 'body.partitions'],
    [{ name: 'x', topicFilter: 'a/b', partitions: 101 }, 'body.partitions'],
    [{ name: 'x', topicFilter: 'a/b' }, 'body.partitions'],
    [{ name: '   ', topicFilter: 'a/b', partitions: 1 }, 'body.name'],
    [{ name: 'x', topicFilter: 'a/#/b', partitions: 1 }, 'body.topicFilter'],
    [{ name: 'x', topicFilter: 'a/b+', partitions: 1 }, 'body.topicFilter'],
    [{ name: 'x', topicFilter: '$share/g/a', partitions: 1 }, 'body.topicFilter'],
    [{ name: 'x', topicFilter: '$SYS/#', partitions: 1 }, 'body.topicFilter'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const answer = await api.call<ErrorAnswer>('POST', '/api/app/shared/subs', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
  });

  it('refuses to change the filter or partitions of a stored one (rename only), and 404 for an unknown id', async () => {
    const stored = await create({ name: `Fixed ${run}`, topicFilter: `fixed-${run}/#`, partitions: 2 });
    const filter = await api.call<ErrorAnswer>('POST', '/api/app/shared/subs', { id: stored.id, name: stored.name, topicFilter: `moved-${run}/#`, partitions: 2 });
    expect(filter.status).toBe(400);
    expect(filter.body.message).toContain('body.topicFilter');
    const partitions = await api.call<ErrorAnswer>('POST', '/api/app/shared/subs', { id: stored.id, name: stored.name, topicFilter: stored.topicFilter, partitions: 5 });
    expect(partitions.status).toBe(400);
    expect(partitions.body.message).toContain('body.partitions');
    expect(await partitionsOf(stored.kafkaTopic)).toBe(2);
    expect((await api.call('POST', '/api/app/shared/subs', { id: randomUUID(), name: 'n', topicFilter: 'a', partitions: 1 })).status).toBe(404);
    expect((await api.call('DELETE', `/api/app/shared/subs/${randomUUID()}`)).status).toBe(404);
    await api.call('DELETE', `/api/app/shared/subs/${stored.id}`);
  });

  it('keeps its subscriptions over a restart of the node', async () => {
    const stored = await create({ name: `Kept ${run}`, topicFilter: `kept-${run}/#`, partitions: 1 });
    await node.close();
    node = await startTestNode({ ...node.config });
    api = new ApiClient(node.baseUrl);
    await api.signIn();
    expect((await api.call<Subscription>('GET', `/api/app/shared/subs/${stored.id}`)).body).toEqual(stored);
    await api.call('DELETE', `/api/app/shared/subs/${stored.id}`);
  });
});

describe('application shared subscriptions on a node without Kafka', () => {
  let plain: TestNode;
  let plainApi: ApiClient;
  beforeAll(async () => {
    plain = await startTestNode();
    plainApi = new ApiClient(plain.baseUrl);
    await plainApi.signIn();
  });
  afterAll(() => plain.destroy());

  it('refuses to create one with 503 (errorCode 40) naming STARLING_KAFKA_BOOTSTRAP, stores nothing, and still lists', async () => {
    const answer = await plainApi.call<ErrorAnswer>('POST', '/api/app/shared/subs', { name: 'No Kafka', topicFilter: 'no-kafka/#', partitions: 1 });
    expect(answer.status).toBe(503);
    expect(answer.body.errorCode).toBe(40);
    expect(answer.body.message).toContain('STARLING_KAFKA_BOOTSTRAP');
    const page = await plainApi.call<Page<Subscription>>('GET', '/api/app/shared/subs?pageSize=10&page=0');
    expect(page.status).toBe(200);
    expect(page.body.totalElements).toBe(0);
  });
});
