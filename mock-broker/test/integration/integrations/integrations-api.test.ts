import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { HttpSink } from '../../support/outside-services/http-sink.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { eventually } from '../../support/checks/waits.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';

/**
 * Integrations over the API (issue 28), in TBMQ 2.3's shapes: saved with their checks, started,
 * delivering what clients publish to a real web service and a second MQTT broker, recording
 * lifecycle and error events, and answering the console's calls. Every answer is checked against
 * the contract by the node (validateResponses).
 */
const suite = useBrokerSuite({ sampleIntervalSeconds: 1, integrations: { maxBacklogBytes: 64 * 1024 * 1024, retryMaxSeconds: 1, eventsTtlDays: 7, eventsMax: 1000, statisticsIntervalSeconds: 3600 } });
let api: ApiClient;
const sink = new HttpSink();

interface Integration {
  id: string;
  name: string;
  type: string;
  enabled: boolean;
  disconnectedTime: number;
  configuration: { topicFilters: string[]; clientConfiguration: Record<string, unknown>; metadata?: Record<string, string> };
  status?: { success: boolean; error?: string } | null;
  delivery?: { state: string; sent: number; failed: number; retried: number; dropped: number; backlogMessages: number; lastError?: string };
}

interface Document {
  payload: unknown;
  topicName: string;
  clientId: string;
  eventType: string;
  qos: number;
  retain: boolean;
  props: Record<string, string>;
  metadata: Record<string, string>;
}

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  await sink.start();
});

afterAll(() => sink.stop());

function httpIntegration(name: string, topicFilters: string[], clientConfiguration: Record<string, unknown> = {}) {
  return {
    name,
    type: 'HTTP',
    enabled: true,
    configuration: {
      topicFilters,
      clientConfiguration: { restEndpointUrl: sink.url, requestMethod: 'POST', payloadContentType: 'JSON', readTimeoutMs: 5000, maxParallelRequestsCount: 4, maxInMemoryBufferSizeInKb: 64, ...clientConfiguration },
      metadata: { site: 'north' },
    },
  };
}

async function save(body: unknown): Promise<Integration> {
  const answer = await api.call<Integration>('POST', '/api/integration', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function events(id: string, type: string) {
  const answer = await api.call<{ data: { body: Record<string, unknown> }[] }>('GET', `/api/events/${id}/${type}?pageSize=100&page=0`);
  expect(answer.status).toBe(200);
  return answer.body.data.map((event) => event.body);
}

describe('saving integrations', () => {
  it('refuses a configuration that cannot work with 400 naming the field, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...httpIntegration('no url', ['a/#']), configuration: { topicFilters: ['a/#'], clientConfiguration: {} } }, 'configuration.clientConfiguration.restEndpointUrl'],
      [httpIntegration('bad method', ['a/#'], { requestMethod: 'PATCH' }), 'configuration.clientConfiguration.requestMethod'],
      [httpIntegration('bad filter', ['a/#/b']), 'configuration.topicFilters[0]'],
      [{ name: 'mqtt without port', type: 'MQTT', configuration: { topicFilters: ['a'], clientConfiguration: { host: 'localhost', port: 0, clientId: 'x', topicName: 't' } } }, 'configuration.clientConfiguration.port'],
      [{ name: 'mqtt wildcard target', type: 'MQTT', configuration: { topicFilters: ['a'], clientConfiguration: { host: 'localhost', port: 1883, clientId: 'x', topicName: 'out/#' } } }, 'configuration.clientConfiguration.topicName'],
      [{ name: 'kafka servers', type: 'KAFKA', configuration: { topicFilters: ['a'], clientConfiguration: { bootstrapServers: 'localhost', topic: 't' } } }, 'configuration.clientConfiguration.bootstrapServers'],
      [{ name: 'kafka acks', type: 'KAFKA', configuration: { topicFilters: ['a'], clientConfiguration: { bootstrapServers: 'localhost:9092', topic: 't', acks: '2' } } }, 'configuration.clientConfiguration.acks'],
      [{ name: '', type: 'HTTP', configuration: { topicFilters: ['a'], clientConfiguration: { restEndpointUrl: sink.url } } }, 'name'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.call<{ message: string }>('POST', '/api/integration', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toContain(field);
    }
    const list = await api.call<{ totalElements: number }>('GET', '/api/integrations?pageSize=10&page=0');
    expect(list.body.totalElements).toBe(0);
  });

  it('keeps names unique (409), the type fixed, and answers 404 in the production broker words for an unknown id', async () => {
    const saved = await save({ ...httpIntegration('unique', ['u/#']), enabled: false });
    const twice = await api.call<{ message: string }>('POST', '/api/integration', { ...httpIntegration('unique', ['v/#']), enabled: false });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('name');
    const retyped = await api.call('POST', '/api/integration', { ...saved, type: 'MQTT' });
    expect(retyped.status).toBe(400);
    const unknown = await api.call<{ message: string; errorCode: number }>('GET', '/api/integration/3f1e2d4c-5b6a-4789-8abc-def012345678');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: "Requested item wasn't found!", errorCode: 32 });
    const notUuid = await api.call('GET', '/api/integration/total');
    expect(notUuid.status).toBe(400);
    expect(saved.disconnectedTime).toBeGreaterThan(0);
    expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
  });

  it('never answers a password, and keeps the stored one when an edit leaves it out', async () => {
    const saved = await save(httpIntegration('secret', ['secret/#'], { credentials: { type: 'basic', username: 'ingest', password: 's3cret' } }));
    expect(saved.configuration.clientConfiguration.credentials).toEqual({ type: 'basic', username: 'ingest' });
    const edited = await save({ ...saved, configuration: { ...saved.configuration, metadata: { site: 'south' } } });
    expect(JSON.stringify(edited)).not.toContain('s3cret');
    const publisher = await suite.clients.connect({ clientId: 'secret-publisher' });
    await publisher.publishAsync('secret/1', '{"v":1}', { qos: 1 });
    await eventually(() => expect(sink.requests.some((request) => request.headers.authorization === `Basic ${Buffer.from('ingest:s3cret').toString('base64')}`)).toBe(true));
    expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
  });
});

describe('delivery to a web service', () => {
  it('sends each matching message once, as a document with its fields and the metadata, in order per topic', async () => {
    sink.requests.length = 0;
    const saved = await save(httpIntegration('orders', ['orders/+/created']));
    await eventually(async () => expect((await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body.status).toEqual({ success: true }));
    expect((await api.call<string[]>('GET', `/api/subscription/integration?integrationId=${saved.id}`)).body).toEqual(['orders/+/created']);
    const publisher = await suite.clients.connect({ clientId: 'orders-publisher', protocolVersion: 5 });
    for (let index = 0; index < 20; index++) {
      await publisher.publishAsync(`orders/${index % 2}/created`, JSON.stringify({ n: index }), { qos: 1, properties: { userProperties: { source: 'test' } } });
    }
    await publisher.publishAsync('orders/1/cancelled', '{"n":-1}', { qos: 1 });
    await eventually(() => expect(sink.taken()).toHaveLength(20));
    const documents = sink.taken<Document>();
    expect(documents[0]).toMatchObject({ topicName: 'orders/0/created', clientId: 'orders-publisher', eventType: 'PUBLISH_MSG', qos: 1, retain: false, props: { source: 'test' }, metadata: { site: 'north', integrationName: 'orders' } });
    for (const topic of ['orders/0/created', 'orders/1/created']) {
      const numbers = documents.filter((document) => document.topicName === topic).map((document) => (document.payload as { n: number }).n);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(numbers).toHaveLength(10);
    }
    const view = (await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body;
    expect(view.delivery).toMatchObject({ state: 'IDLE', sent: 20, failed: 0, backlogMessages: 0 });
    expect((await events(saved.id, 'LC_EVENT')).map((body) => body.event)).toEqual(['STARTED', 'CREATED']);
    expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
  });

  it('sends QoS 0 and QoS 2 messages too, with their QoS and retain flag, a QoS 2 message once', async () => {
    sink.requests.length = 0;
    const saved = await save(httpIntegration('all-qos', ['qos/#']));
    const publisher = await suite.clients.connect({ clientId: 'qos-publisher' });
    await publisher.publishAsync('qos/zero', '"zero"', { qos: 0 });
    await publisher.publishAsync('qos/two', '"two"', { qos: 2, retain: true });
    // Two topics: sent side by side, in either order.
    await eventually(() => expect(sink.taken<Document>().map(({ topicName, qos, retain, payload }) => ({ topicName, qos, retain, payload }))).toHaveLength(2));
    expect(sink.taken<Document>().map(({ topicName, qos, retain, payload }) => ({ topicName, qos, retain, payload }))).toEqual(
      expect.arrayContaining([
        { topicName: 'qos/zero', qos: 0, retain: false, payload: 'zero' },
        { topicName: 'qos/two', qos: 2, retain: true, payload: 'two' },
      ]),
    );
    await publisher.publishAsync('qos/two', '', { qos: 1, retain: true });
    expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
  });

  it('keeps what the service refuses, retries it with its answer recorded, and delivers it in order once the service takes it', async () => {
    sink.requests.length = 0;
    sink.status = 503;
    sink.answer = 'maintenance until noon';
    const saved = await save(httpIntegration('refused', ['refused/#']));
    const publisher = await suite.clients.connect({ clientId: 'refused-publisher' });
    for (let index = 0; index < 5; index++) await publisher.publishAsync('refused/a', String(index), { qos: 1 });
    await eventually(async () => {
      const view = (await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body;
      expect(view.delivery?.backlogMessages).toBe(5);
      expect(view.delivery?.lastError).toContain('503: maintenance until noon');
    });
    const errors = await events(saved.id, 'ERROR');
    expect(errors[0]?.error).toContain('503: maintenance until noon');
    sink.status = 200;
    await eventually(() => expect(sink.taken()).toEqual([0, 1, 2, 3, 4].map((n) => expect.objectContaining({ payload: n }))));
    const view = (await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body;
    expect(view.delivery).toMatchObject({ sent: 5, backlogMessages: 0 });
    expect(view.delivery?.failed).toBeGreaterThan(0);
    expect(view.delivery?.retried).toBeGreaterThan(0);
    expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
  });

  it('runs one client per integration when edits arrive together: each waiting message reaches the service once', async () => {
    sink.requests.length = 0;
    sink.status = 503;
    const saved = await save(httpIntegration('edited-together', ['together/#']));
    const publisher = await suite.clients.connect({ clientId: 'together-publisher' });
    for (let index = 0; index < 20; index++) await publisher.publishAsync('together/1', String(index), { qos: 1 });
    await eventually(async () => expect((await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body.delivery?.backlogMessages).toBe(20));
    const edits = ['a', 'b', 'c', 'd'].map((site) => api.call('POST', '/api/integration', { ...saved, configuration: { ...saved.configuration, metadata: { site } } }));
    expect((await Promise.all(edits)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    sink.status = 200;
    await eventually(async () => expect((await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body.delivery).toMatchObject({ backlogMessages: 0 }));
    // Two clients on one backlog would both send what waits: the service would get it twice.
    await api.call('POST', `/api/integration/${saved.id}`);
    expect(sink.taken<Document>().map((document) => document.payload)).toEqual(Array.from({ length: 20 }, (_, index) => index));
    expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
  });

  it('checks the connection without saving: 200 for a service that answers, 400 with the reason for one that does not', async () => {
    const before = (await api.call<{ totalElements: number }>('GET', '/api/integrations?pageSize=10&page=0')).body.totalElements;
    expect((await api.call('POST', '/api/integration/check', httpIntegration('probe', ['p/#']))).status).toBe(200);
    const closed = await api.call<{ message: string }>('POST', '/api/integration/check', httpIntegration('probe', ['p/#'], { restEndpointUrl: 'http://127.0.0.1:1/nothing' }));
    expect(closed.status).toBe(400);
    expect(closed.body.message).toContain('ECONNREFUSED');
    expect((await api.call<{ totalElements: number }>('GET', '/api/integrations?pageSize=10&page=0')).body.totalElements).toBe(before);
  });
});

describe('delivery to another MQTT broker', () => {
  let target: TestNode;

  beforeAll(async () => {
    target = await startTestNode();
  });

  afterAll(() => target.destroy());

  it('publishes to the target topic built from the source topic, with the configured QoS', async () => {
    const { MqttClients } = await import('../../support/mqtt/mqtt-clients.js');
    const targetClients = new MqttClients(target);
    try {
      const listener = await targetClients.connect({ clientId: 'target-listener' });
      const received = inbox(listener);
      await listener.subscribeAsync('bridged/#', { qos: 1 });
      const saved = await save({
        name: 'bridge',
        type: 'MQTT',
        enabled: true,
        configuration: {
          topicFilters: ['plant/#'],
          clientConfiguration: { host: '127.0.0.1', port: target.mqttPort, clientId: 'starling-bridge', topicName: 'bridged/${topic}', qos: 1, sendOnlyMsgPayload: true, mqttVersion: 4, connectTimeoutSec: 10, keepAliveSec: 60 },
        },
      });
      await eventually(async () => expect((await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body.status).toEqual({ success: true }));
      const publisher = await suite.clients.connect({ clientId: 'plant-publisher' });
      for (let index = 0; index < 10; index++) await publisher.publishAsync('plant/line1/temp', String(index), { qos: 1 });
      const got: string[] = [];
      for (let index = 0; index < 10; index++) {
        const message = await received.next();
        expect(message.topic).toBe('bridged/plant/line1/temp');
        expect(message.packet.qos).toBe(1);
        got.push(message.payload);
      }
      expect(got).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
      expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
    } finally {
      await targetClients.closeAll();
    }
  });

  it('records FAILED with the reason when the broker cannot be reached, and keeps the messages for later', async () => {
    const saved = await save({
      name: 'unreachable',
      type: 'MQTT',
      enabled: true,
      configuration: { topicFilters: ['far/#'], clientConfiguration: { host: '127.0.0.1', port: 1, clientId: 'starling-far', topicName: 'x', qos: 1, connectTimeoutSec: 2 } },
    });
    await eventually(async () => expect((await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body.status).toMatchObject({ success: false, error: expect.stringContaining('127.0.0.1:1') }));
    const publisher = await suite.clients.connect({ clientId: 'far-publisher' });
    await publisher.publishAsync('far/away', 'kept', { qos: 1 });
    const view = (await api.call<Integration>('GET', `/api/integration/${saved.id}`)).body;
    expect(view.delivery).toMatchObject({ state: 'FAILED', backlogMessages: 1 });
    const lifecycle = await api.call<{ data: unknown[] }>('POST', `/api/events/${saved.id}?pageSize=10&page=0`, { eventType: 'LC_EVENT', status: 'Failure' });
    expect(lifecycle.body.data.length).toBeGreaterThan(0);
    expect((await api.call('POST', `/api/events/${saved.id}/clear`, { eventType: 'LC_EVENT' })).status).toBe(200);
    expect(await events(saved.id, 'LC_EVENT')).toEqual([]);
    expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
    expect((await api.call('GET', `/api/integration/${saved.id}`)).status).toBe(404);
  });
});

describe('statistics in the time series', () => {
  it("samples each integration's deliveries and backlog under its id, and alert rules may watch them", async () => {
    sink.requests.length = 0;
    const saved = await save(httpIntegration('sampled', ['sampled/#']));
    const publisher = await suite.clients.connect({ clientId: 'sampled-publisher' });
    for (let index = 0; index < 5; index++) await publisher.publishAsync('sampled/a', String(index), { qos: 1 });
    await eventually(async () => {
      const answer = await api.call<Record<string, { ts: number; value: number }[]>>('GET', `/api/timeseries/${saved.id}/values?keys=integrationSent,integrationBacklog&startTs=0&endTs=${Date.now() + 60_000}&limit=1000`);
      expect(answer.status).toBe(200);
      expect((answer.body.integrationSent ?? []).reduce((sum, point) => sum + Number(point.value), 0)).toBe(5);
      expect(answer.body.integrationBacklog?.length).toBeGreaterThan(0);
    });
    const rule = await api.call<{ entityId: string; key: string }>('POST', '/api/monitoring/alert-rule', {
      name: 'Orders dropped',
      key: 'integrationDropped',
      entityId: saved.id,
      operator: 'GREATER',
      threshold: 0,
      durationSec: 0,
      recipients: [],
      enabled: true,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect(rule.body).toMatchObject({ key: 'integrationDropped', entityId: saved.id });
    expect((await api.call('DELETE', `/api/integration/${saved.id}`)).status).toBe(200);
  });
});

describe('bounds', () => {
  it('keeps at most 100 integrations a node, refusing the next with 400 and storing nothing', async () => {
    const before = (await api.call<{ totalElements: number }>('GET', '/api/integrations?pageSize=10&page=0')).body.totalElements;
    const made: string[] = [];
    for (let index = before; index < 100; index++) made.push((await save({ ...httpIntegration(`bound-${index}`, ['bound/#']), enabled: false })).id);
    const over = await api.call<{ message: string }>('POST', '/api/integration', { ...httpIntegration('one-too-many', ['bound/#']), enabled: false });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('100');
    expect((await api.call<{ totalElements: number }>('GET', '/api/integrations?pageSize=10&page=0&textSearch=one-too-many')).body.totalElements).toBe(0);
    for (const id of made) expect((await api.call('DELETE', `/api/integration/${id}`)).status).toBe(200);
  });
});

describe('events', () => {
  it("refuses an event type it does not know in the production broker's words", async () => {
    const answer = await api.call<{ message: string }>('GET', '/api/events/3f1e2d4c-5b6a-4789-8abc-def012345678/NOPE?pageSize=10&page=0');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Event type: 'NOPE' is not supported!");
    expect((await api.call<{ data: unknown[] }>('GET', '/api/events/3f1e2d4c-5b6a-4789-8abc-def012345678/lc_event?pageSize=10&page=0')).body.data).toEqual([]);
  });
});
