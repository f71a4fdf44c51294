import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { Contract } from '../../../src/http/contract.js';
import { comparedFields, missingFromShape, shapeOf } from '../../contract/answer-shape.js';
import { pendingRecordings, type RecordedExchange, recordedExchanges } from '../../contract/tbmq-recordings.js';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

/**
 * The bundled broker against the production broker it stands in for: seeded as the recordings' TBMQ
 * 2.3.0 was (the same client ids, topics and names, created with the request bodies TBMQ took), it
 * answers each recorded read call with the fields TBMQ answered, of the same JSON types. It may add
 * fields (Starling's extensions); it may not lack or retype one of TBMQ's.
 */
const contract = Contract.load();
/** openapi.yaml ErrorCode 32. */
const ITEM_NOT_FOUND = 32;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Calls that need what this node does not run (a Kafka cluster) or that no list of ours can name. */
const NOT_REPLAYED = /^(app\/getKafka|app-shared-subs\/|ws-subscriptions\/getWsSubscription\.json)/;

const readCalls = recordedExchanges().filter((exchange) => {
  const match = contract.match(exchange.request.method, exchange.request.path);
  return (
    exchange.request.method === 'GET' &&
    exchange.response.status === 200 &&
    exchange.response.contentType?.includes('json') &&
    match !== undefined &&
    match.operation.operationId === exchange.namedOperation &&
    !/--(.*-)?bad-/.test(exchange.name) &&
    !NOT_REPLAYED.test(exchange.name)
  );
});
const pending = pendingRecordings('tbmq-pending-shapes');
/** Per call, the shape of every recorded answer to it together. */
const callShapes = new Map([...new Set(readCalls.map((exchange) => exchange.namedOperation))].map((operationId) => [
  operationId,
  shapeOf(readCalls.filter((exchange) => exchange.namedOperation === operationId).map((exchange) => exchange.response.body)).items,
]));

function recordedBody<T = Record<string, unknown>>(name: string): T {
  const exchange = recordedExchanges().find((candidate) => candidate.name === name);
  if (!exchange) throw new Error(`no recording ${name}`);
  return exchange.request.body as T;
}

describe('the bundled broker answers as TBMQ 2.3.0 does', () => {
  let node: TestNode;
  let api: ApiClient;
  const clients: MqttClient[] = [];
  /** TBMQ's ids in the recorded paths, mapped to the ids of the same items here. */
  const ids = new Map<string, string>();

  async function connect(clientId: string, options: mqtt.IClientOptions = {}): Promise<MqttClient> {
    const client = mqtt.connect(`mqtt://127.0.0.1:${node.mqttPort}`, { clientId, reconnectPeriod: 0, ...options });
    clients.push(client);
    await new Promise<void>((resolve, reject) => client.once('connect', () => resolve()).once('error', reject));
    return client;
  }

  async function created(path: string, body: unknown): Promise<Record<string, unknown>> {
    const answer = await api.call<Record<string, unknown>>('POST', path, body);
    expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  }

  beforeAll(async () => {
    node = await startTestNode({ validateResponses: true });
    api = new ApiClient(node.baseUrl);
    await api.signIn();
    const me = await api.call<{ id: string }>('GET', '/api/auth/user');
    ids.set('304afb63-3d99-4e9f-a998-7b7d0cec54ce', me.body.id);

    // Sessions and retained messages first: once client credentials exist, connections need them.
    const live5 = await connect('dev-v5-live', { protocolVersion: 5 });
    await live5.subscribeAsync('v5/#', { qos: 2, nl: true, rap: true, rh: 1, properties: { subscriptionIdentifier: 42 } });
    const live311 = await connect('dev-v311-live');
    await live311.subscribeAsync({ 'dev/+/x': { qos: 1 }, 'dev/#': { qos: 0 } });
    const persist5 = await connect('dev-v5-persist', { protocolVersion: 5, clean: false, properties: { sessionExpiryInterval: 86400 } });
    await persist5.subscribeAsync('persist/v5/#', { qos: 1 });
    await persist5.endAsync();
    const persist311 = await connect('dev-v311-persist', { clean: false });
    await persist311.subscribeAsync('persist/v311/#', { qos: 2 });
    await persist311.endAsync();
    const member = await connect('shared-m1', { protocolVersion: 5 });
    await member.subscribeAsync('$share/g1/shared/topic/#', { qos: 1 });
    await live5.publishAsync('persist/v5/a', 'queued', { qos: 1 });
    await live5.publishAsync('persist/v311/a', 'queued', { qos: 1 });
    await live5.publishAsync('retained/plain/qos0', 'plain', { retain: true, qos: 0 });
    await live5.publishAsync('retained/v5/props', '{"temperature":21}', {
      retain: true,
      qos: 1,
      properties: { contentType: 'application/json', payloadFormatIndicator: true, responseTopic: 'reply/here', correlationData: Buffer.from('c-1'), userProperties: { site: 'north' } },
    });
    await live5.publishAsync('retained/v5/binary', Buffer.from([0, 255, 1, 254]), { retain: true, qos: 1 });

    // Items made with the bodies TBMQ took.
    const basic = recordedBody<Record<string, unknown>>('credentials/saveMqttClientCredentials--create-basic.json');
    const dev1 = await created('/api/mqtt/client/credentials', { ...basic, name: 'dev1-creds' });
    ids.set('07b0dc1b-57b6-4a89-a605-e5272cadc483', String(dev1.id));
    await created('/api/mqtt/client/credentials', recordedBody('credentials/saveMqttClientCredentials--create-x509.json'));
    for (const name of ['client-id', 'ip', 'username', 'regex-by-client-id']) await created('/api/blockedClient', recordedBody(`blocked-clients/saveBlockedClient--${name}.json`));
    await created('/api/admin', recordedBody('users/saveAdminUser--create.json'));
    const connection = await created('/api/ws/connection', { ...recordedBody<Record<string, unknown>>('ws-connections/saveWsConnection--create-v5.json'), userId: me.body.id });
    for (const tbmqId of ['30be3ce1-6d41-4bcf-ab51-b72cb4e06ea3', '1ca40753-450d-42db-88cf-164c5db604fb', '7687202a-1391-45a8-924e-a358b1199e62']) ids.set(tbmqId, String(connection.id));
    // A refused sign-in for the unauthorized clients.
    await connect('unknown-user', { username: 'unknown-user', password: 'wrong' }).catch(() => undefined);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
    await node?.destroy();
  });

  /** The recorded request with TBMQ's ids replaced by ours, or undefined when this node has no such item. */
  function requestHere(exchange: RecordedExchange): string | undefined {
    const query = new URLSearchParams(Object.entries(exchange.request.query).map(([name, value]): [string, string] => [name, String(value)])).toString();
    const path = `${exchange.request.path}${query ? `?${query}` : ''}`;
    let unknown = false;
    // TBMQ's node was named "vm"; this one has its own id.
    const here = path
      .replace(UUID, (id) => ids.get(id) ?? ((unknown = true), id))
      .replace(/(\/api\/timeseries\/)vm\//, `$1${node.config.nodeId}/`)
      .replace(/([?&]entityId=)vm\b/, `$1${node.config.nodeId}`);
    return unknown ? undefined : here;
  }

  it.each(readCalls.map((exchange) => [exchange.name, exchange] as const))('answers %s with TBMQ’s fields', async (_name, exchange) => {
    const path = requestHere(exchange);
    if (path === undefined) return;
    const answer = await api.call<{ errorCode?: number }>('GET', path);
    // An item the recordings' TBMQ held and this node was not seeded with: nothing to compare.
    if (answer.status === 404 && answer.body?.errorCode === ITEM_NOT_FOUND) return;
    const differences = answer.status === 200 ? missingFromShape(shapeOf(exchange.response.body), shapeOf(answer.body), 'answer', callShapes.get(exchange.namedOperation)) : [`answered ${answer.status}, TBMQ 200`];
    if (pending.has(exchange.name)) expect(differences, 'the shapes agree now: remove it from tbmq-pending-shapes/').not.toEqual([]);
    else expect(differences.join('; ')).toBe('');
  });

  it('lists as pending only recordings it compares', () => {
    const names = new Set(readCalls.map((exchange) => exchange.name));
    expect([...pending].filter((name) => !names.has(name))).toEqual([]);
  });

  it('compares most recorded read calls field by field (not against empty lists)', async () => {
    let compared = 0;
    for (const exchange of readCalls) {
      const path = requestHere(exchange);
      if (path === undefined) continue;
      const answer = await api.call('GET', path);
      if (answer.status === 200 && comparedFields(shapeOf(exchange.response.body), shapeOf(answer.body)) > 0) compared += 1;
    }
    expect(compared).toBeGreaterThan(readCalls.length / 2);
  });
});
