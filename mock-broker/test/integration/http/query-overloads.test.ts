import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppSharedSubscriptionRepository } from '../../../src/app-shared-subscriptions/app-shared-subscription-repository.js';
import { openDatabase } from '../../../src/database/database.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';

/**
 * TBMQ 2.3 serves two calls at some paths, told apart by the query (openapi.yaml
 * x-starling-query-forms): the bundled broker serves both, and refuses a query of neither form with
 * 400 naming the parameter, where TBMQ has no handler.
 */
const STORED = { id: '5b0f7c2e-8d5a-4c1e-9f3b-2a6d4e8c1f07', createdTime: 1_700_000_000_000, name: 'fleet', topicFilter: 'fleet/+/telemetry', partitions: 2, kafkaTopic: 'starling.app-shared.fleet' };

/** A data directory holding one application shared subscription: storing one otherwise needs a Kafka cluster. */
function dataDirectoryWithSubscription(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-overloads-'));
  const database = openDatabase(dataDir);
  new AppSharedSubscriptionRepository(database).insert(STORED);
  database.close();
  return dataDir;
}

const suite = useBrokerSuite({ dataDir: dataDirectoryWithSubscription() });
let api: ApiClient;
beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

interface Page<T> {
  data: T[];
  totalElements: number;
  hasNext: boolean;
}

async function refused(url: string, parameter: string): Promise<void> {
  const answer = await api.call<{ message: string; errorCode: number }>('GET', url);
  expect(answer.status, url).toBe(400);
  expect(answer.body.errorCode).toBe(31);
  expect(answer.body.message).toContain(parameter);
}

describe('GET /api/client-session', () => {
  it('answers the session with clientId, a page of sessions with pageSize and page, and 400 naming clientId with neither', async () => {
    await suite.clients.connect({ clientId: 'overload-sensor' });
    const details = await api.call<{ clientId: string; connectionState: string }>('GET', '/api/client-session?clientId=overload-sensor');
    expect(details.body).toMatchObject({ clientId: 'overload-sensor', connectionState: 'CONNECTED' });
    const page = await api.call<Page<{ clientId: string }>>('GET', '/api/client-session?pageSize=10&page=0&textSearch=overload&sortProperty=clientId&sortOrder=ASC');
    expect(page.status).toBe(200);
    expect(page.body.data.map((session) => session.clientId)).toEqual(['overload-sensor']);
    await refused('/api/client-session', 'clientId');
    await refused('/api/client-session?pageSize=10', 'clientId');
  });
});

describe('GET /api/retained-msg', () => {
  it('answers the message with topicName, a page of messages with pageSize and page, and 400 naming topicName with neither', async () => {
    const client = await suite.clients.connect({ clientId: 'overload-publisher' });
    await client.publishAsync('overload/retained', 'kept', { qos: 1, retain: true });
    const details = await api.call<{ topic: string; payload: string }>('GET', '/api/retained-msg?topicName=overload%2Fretained');
    expect(details.body).toMatchObject({ topic: 'overload/retained', payload: 'kept' });
    const page = await api.call<Page<{ topic: string; payload: string }>>('GET', '/api/retained-msg?pageSize=10&page=0&textSearch=overload');
    expect(page.body.data.map(({ topic, payload }) => ({ topic, payload }))).toEqual([{ topic: 'overload/retained', payload: 'kept' }]);
    await refused('/api/retained-msg', 'topicName');
  });
});

describe('GET /api/app/shared/subs', () => {
  it('answers a page with pageSize and page, and the subscription of a topic filter with topic (TBMQ’s lookup)', async () => {
    const page = await api.call<Page<{ name: string }>>('GET', '/api/app/shared/subs?pageSize=10&page=0');
    expect(page.body.data.map((subscription) => subscription.name)).toEqual(['fleet']);
    const found = await api.call('GET', `/api/app/shared/subs?topic=${encodeURIComponent(STORED.topicFilter)}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual(STORED);
  });

  it('answers 404 in the error form for a topic filter no subscription has, and 400 naming pageSize with neither form', async () => {
    const missing = await api.call<{ status: number; errorCode: number; message: string; timestamp: number }>('GET', '/api/app/shared/subs?topic=fleet%2F%2B');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, errorCode: 32 });
    expect(typeof missing.body.timestamp).toBe('number');
    await refused('/api/app/shared/subs', 'pageSize');
    await refused('/api/app/shared/subs?page=0', 'pageSize');
  });
});
