import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

interface ErrorAnswer {
  status: number;
  errorCode: number;
  message: string;
}

const KAFKA_OPERATIONS: [method: string, path: string][] = [
  ['GET', '/api/app/cluster-info'],
  ['GET', '/api/app/kafka-topics?pageSize=10&page=0'],
  ['GET', '/api/app/consumer-groups?pageSize=10&page=0&sortProperty=lag'],
  ['DELETE', '/api/app/consumer-group?groupId=orders'],
];

/** A loopback port nothing listens on: taken from the system, then closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function signedIn(node: TestNode): Promise<ApiClient> {
  const api = new ApiClient(node.baseUrl);
  await api.signIn();
  return api;
}

describe('Kafka pages on a node without Kafka', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.destroy());

  it.each(KAFKA_OPERATIONS)('%s %s answers 503 "not configured", naming STARLING_KAFKA_BOOTSTRAP', async (method, path) => {
    const answer = await (await signedIn(node)).call<ErrorAnswer>(method, path);
    expect(answer.status).toBe(503);
    expect(answer.body.errorCode).toBe(40);
    expect(answer.body.message).toContain('STARLING_KAFKA_BOOTSTRAP');
  });

  it('refuses to create an application shared subscription with 503 (errorCode 40), stores nothing, and still lists them', async () => {
    const api = await signedIn(node);
    const answer = await api.call<ErrorAnswer>('POST', '/api/app/shared/subs', { name: 'Orders', topicFilter: 'orders/#', partitions: 2 });
    expect(answer.status).toBe(503);
    expect(answer.body.errorCode).toBe(40);
    expect(answer.body.message).toContain('STARLING_KAFKA_BOOTSTRAP');
    const page = await api.call<{ totalElements: number }>('GET', '/api/app/shared/subs?pageSize=10&page=0');
    expect(page.status).toBe(200);
    expect(page.body.totalElements).toBe(0);
  });

  it('still checks the request first: a bad sort property is a 400 naming the field', async () => {
    const answer = await (await signedIn(node)).call<ErrorAnswer>('GET', '/api/app/kafka-topics?pageSize=10&page=0&sortProperty=owner');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('sortProperty');
  });
});

describe('Kafka pages on a node whose Kafka cannot be reached', () => {
  let node: TestNode;
  beforeAll(async () => {
    const port = await closedPort();
    node = await startTestNode({ kafka: { bootstrap: [{ host: '127.0.0.1', port }], sasl: undefined, tls: false, tlsCaFile: undefined } });
  });
  afterAll(() => node.destroy());

  it.each(KAFKA_OPERATIONS)('%s %s answers 503 "unavailable" within a few seconds', async (method, path) => {
    const api = await signedIn(node);
    const started = Date.now();
    const answer = await api.call<ErrorAnswer>(method, path);
    expect(answer.status).toBe(503);
    expect(answer.body.errorCode).toBe(41);
    expect(answer.body.message).toContain('STARLING_KAFKA_BOOTSTRAP');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses to create an application shared subscription with 503 (errorCode 41) and stores nothing', async () => {
    const api = await signedIn(node);
    const answer = await api.call<ErrorAnswer>('POST', '/api/app/shared/subs', { name: 'Orders', topicFilter: 'orders/#', partitions: 2 });
    expect(answer.status).toBe(503);
    expect(answer.body.errorCode).toBe(41);
    expect((await api.call<{ totalElements: number }>('GET', '/api/app/shared/subs?pageSize=10&page=0')).body.totalElements).toBe(0);
  });
});
