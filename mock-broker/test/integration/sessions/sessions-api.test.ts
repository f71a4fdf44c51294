import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControl } from '../../../src/mqtt/access-control.js';
import type { ClientSessionDetails, ClientSessionInfo } from '../../../src/sessions/session-views.js';
import { ApiClient } from '../../support/api/api-client.js';
import { MqttClients } from '../../support/mqtt/mqtt-clients.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { eventually } from '../../support/checks/waits.js';

/** Clients signing in as "app" are applications, everyone else a device (what credentials would decide). */
const byUsername: AccessControl = {
  authenticate: async (attempt) => ({ allowed: true, clientType: attempt.username === 'app' ? 'APPLICATION' : 'DEVICE' }),
  mayPublish: () => true,
  maySubscribe: () => true,
};

const suite = useBrokerSuite({}, { accessControl: byUsername });
const api = () => {
  const client = new ApiClient(suite.node.baseUrl);
  return client.signIn().then(() => client);
};

interface SessionPage {
  data: ClientSessionInfo[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

/**
 * The population every list test reads, created once:
 * - list-alpha: MQTT 5 device, persistent (clean start off), connected, 2 subscriptions;
 * - list-beta: MQTT 5 application, clean start on with an expiry, connected, 1 subscription;
 * - list-gamma: MQTT 3.1.1 device, persistent, offline, 1 subscription, 2 queued messages;
 * - list-delta: MQTT 3.1.1 device, clean session, connected, no subscription.
 */
const population = { clients: undefined as MqttClients | undefined, alphaConnectedAt: 0, gammaDisconnectedAt: 0 };

async function populate(): Promise<void> {
  const clients = new MqttClients(suite.node);
  population.clients = clients;
  const gamma = await clients.connect({ protocolVersion: 4, clientId: 'list-gamma', clean: false });
  await gamma.subscribeAsync('list/gamma/in', { qos: 1 });
  await gamma.endAsync();
  population.gammaDisconnectedAt = Date.now();
  const publisher = await clients.connect({ protocolVersion: 5, clientId: 'list-publisher' });
  await publisher.publishAsync('list/gamma/in', 'one', { qos: 1 });
  await publisher.publishAsync('list/gamma/in', 'two', { qos: 1 });
  await publisher.endAsync();
  await pauseTick();
  population.alphaConnectedAt = Date.now();
  const alpha = await clients.connect({ protocolVersion: 5, clientId: 'list-alpha', clean: false, properties: { sessionExpiryInterval: 3600 } });
  await alpha.subscribeAsync(['list/alpha/a', 'list/alpha/b'], { qos: 1 });
  const beta = await clients.connect({ protocolVersion: 5, clientId: 'list-beta', clean: true, username: 'app', properties: { sessionExpiryInterval: 60 } });
  await beta.subscribeAsync('list/beta', { qos: 0 });
  await clients.connect({ protocolVersion: 4, clientId: 'list-delta', clean: true });
  await eventually(() => expect(suite.node.mqtt.sessions.get('list-beta')?.subscriptions).toHaveLength(1));
}

/** Keeps the population's connection times apart, so time-range filters can tell them apart. */
const pauseTick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function list(query: string): Promise<SessionPage> {
  const answer = await (await api()).call<SessionPage>('GET', `/api/v2/client-session?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function ids(query: string): Promise<string[]> {
  return (await list(`pageSize=100&page=0&sortProperty=clientId&sortOrder=ASC&${query}`)).data.map((row) => row.clientId);
}

/** The population's sessions the filter matches, by client id. */
const populationIds = (query: string) => ids(`clientId=list-&${query}`);

describe('sessions list (GET /api/v2/client-session)', () => {
  beforeAll(populate);
  afterAll(() => population.clients?.closeAll());

  it('shows connected clients and offline persistent sessions with the row fields', async () => {
    const page = await list('pageSize=10&page=0&clientId=list-');
    expect(page.data.map((row) => row.clientId).sort()).toEqual(['list-alpha', 'list-beta', 'list-delta', 'list-gamma']);
    expect(page.data.find((row) => row.clientId === 'list-gamma')).toMatchObject({
      id: 'list-gamma',
      connectionState: 'DISCONNECTED',
      clientType: 'DEVICE',
      nodeId: suite.node.config.nodeId,
      subscriptionsCount: 1,
      queuedMessages: 2,
      cleanStart: false,
      mqttVersion: 4,
      disconnectedAt: expect.any(Number),
      clientIpAdr: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
    });
    expect(page.data.find((row) => row.clientId === 'list-beta')).toMatchObject({ connectionState: 'CONNECTED', clientType: 'APPLICATION', disconnectedAt: 0, username: 'app' });
  });

  it.each([
    ['connectedStatusList=CONNECTED', ['list-alpha', 'list-beta', 'list-delta']],
    ['connectedStatusList=DISCONNECTED', ['list-gamma']],
    ['connectedStatusList=CONNECTED,DISCONNECTED', ['list-alpha', 'list-beta', 'list-delta', 'list-gamma']],
    ['clientTypeList=APPLICATION', ['list-beta']],
    ['clientTypeList=DEVICE', ['list-alpha', 'list-delta', 'list-gamma']],
    ['cleanStartList=true', ['list-beta', 'list-delta']],
    ['cleanStartList=false', ['list-alpha', 'list-gamma']],
    ['nodeIdList=starling-node-1,elsewhere', ['list-alpha', 'list-beta', 'list-delta', 'list-gamma']],
    ['nodeIdList=elsewhere', []],
    ['subscriptions=0&subscriptionOperation=GREATER', ['list-alpha', 'list-beta', 'list-gamma']],
    ['subscriptions=0', ['list-delta']],
    ['subscriptions=1', ['list-beta', 'list-gamma']],
    ['subscriptions=1&subscriptionOperation=NOT_EQUAL', ['list-alpha', 'list-delta']],
    ['subscriptions=1&subscriptionOperation=GREATER', ['list-alpha']],
    ['subscriptions=1&subscriptionOperation=GREATER_OR_EQUAL', ['list-alpha', 'list-beta', 'list-gamma']],
    ['subscriptions=1&subscriptionOperation=LESS', ['list-delta']],
    ['subscriptions=1&subscriptionOperation=LESS_OR_EQUAL', ['list-beta', 'list-delta', 'list-gamma']],
    ['queuedMessagesMin=1', ['list-gamma']],
    ['queuedMessagesMin=3', []],
    ['textSearch=ALPHA', ['list-alpha']],
    ['clientIpAddress=127.0.0.1', ['list-alpha', 'list-beta', 'list-delta', 'list-gamma']],
    ['clientIpAddress=10.1.', []],
  ])('filters by %s', async (query, expected) => {
    expect(await populationIds(query)).toEqual(expected);
  });

  it('filters by the address a client connected from, port included', async () => {
    const { clientIpAdr } = suite.node.mqtt.sessions.get('list-beta') ?? { clientIpAdr: '' };
    expect(await populationIds(`clientIpAddress=${encodeURIComponent(clientIpAdr)}`)).toEqual(['list-beta']);
  });

  it('filters by connection and disconnection time ranges', async () => {
    expect(await populationIds(`startTime=${population.alphaConnectedAt}`)).toEqual(['list-alpha', 'list-beta', 'list-delta']);
    expect(await populationIds(`endTime=${population.alphaConnectedAt - 1}`)).toEqual(['list-gamma']);
    expect(await populationIds(`disconnectedStartTime=${population.gammaDisconnectedAt - 5000}&disconnectedEndTime=${Date.now()}`)).toEqual(['list-gamma']);
    expect(await populationIds(`disconnectedEndTime=${population.gammaDisconnectedAt - 5000}`)).toEqual([]);
  });

  it('combines filters: all of them must match', async () => {
    expect(await populationIds('connectedStatusList=CONNECTED&clientTypeList=DEVICE&subscriptions=0&subscriptionOperation=GREATER')).toEqual(['list-alpha']);
  });

  it.each([
    'clientId',
    'connectionState',
    'clientType',
    'nodeId',
    'subscriptionsCount',
    'queuedMessages',
    'connectedAt',
    'disconnectedAt',
    'clientIpAdr',
    'cleanStart',
    'mqttVersion',
    'username',
  ] as const)('sorts by %s both ways, ties by client id', async (property) => {
    const key = (row: ClientSessionInfo) => {
      const value = property === 'disconnectedAt' && row.connectionState === 'CONNECTED' ? -1 : row[property];
      return typeof value === 'boolean' ? Number(value) : (value ?? (property === 'username' ? '' : -1));
    };
    const ascending = (a: ClientSessionInfo, b: ClientSessionInfo) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.clientId < b.clientId ? -1 : 1);
    const asc = (await list(`pageSize=10&page=0&clientId=list-&sortProperty=${property}&sortOrder=ASC`)).data;
    const desc = (await list(`pageSize=10&page=0&clientId=list-&sortProperty=${property}&sortOrder=DESC`)).data;
    expect(asc.map((row) => row.clientId)).toEqual([...asc].sort(ascending).map((row) => row.clientId));
    expect(desc.map((row) => row.clientId)).toEqual([...asc].reverse().map((row) => row.clientId));
  });

  it('pages through the result without overlaps, newest connection first by default', async () => {
    const pages = [await list('pageSize=3&page=0&clientId=list-'), await list('pageSize=3&page=1&clientId=list-')];
    expect(pages.map((page) => [page.totalElements, page.totalPages, page.hasNext])).toEqual([
      [4, 2, true],
      [4, 2, false],
    ]);
    const all = pages.flatMap((page) => page.data);
    expect(all.map((row) => row.connectedAt)).toEqual([...all.map((row) => row.connectedAt)].sort((a, b) => b - a));
    expect(new Set(all.map((row) => row.clientId)).size).toBe(4);
  });

  it('refuses bad filter values naming the field', async () => {
    const refused: [string, string][] = [
      ['connectedStatusList=ONLINE', 'query.connectedStatusList'],
      ['clientTypeList=ROBOT', 'query.clientTypeList'],
      ['cleanStartList=maybe', 'query.cleanStartList'],
      ['subscriptionOperation=GREATER', 'query.subscriptionOperation'],
      ['subscriptions=many', 'query.subscriptions'],
      ['sortProperty=password', 'query.sortProperty'],
    ];
    for (const [query, field] of refused) {
      const answer = await (await api()).call<{ status: number; message: string; errorCode: number }>('GET', `/api/v2/client-session?pageSize=10&page=0&${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 400, errorCode: 31, message: expect.stringContaining(field) });
    }
  });

  it('counts connected, disconnected and all sessions (GET /api/client-session/info)', async () => {
    const answer = await (await api()).call('GET', '/api/client-session/info');
    const { connected, disconnected, total } = suite.node.mqtt.sessions.counts();
    expect(answer.body).toEqual({ connectedCount: connected, disconnectedCount: disconnected, totalCount: total });
    expect(connected).toBeGreaterThanOrEqual(3);
    expect(disconnected).toBeGreaterThanOrEqual(1);
  });

  it('describes one session as TBMQ does, QoS by name, plus what only Starling counts (GET /api/client-session)', async () => {
    const answer = await (await api()).call<ClientSessionDetails>('GET', '/api/client-session?clientId=list-alpha');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: 'list-alpha',
      clientId: 'list-alpha',
      sessionId: expect.any(String),
      mqttVersion: 5,
      keepAliveSeconds: 60,
      sessionExpiryInterval: 3600,
      sessionEndTs: -1,
      disconnectedAt: 0,
      queuedMessages: 0,
      droppedMessages: 0,
      subscriptions: [
        { topicFilter: 'list/alpha/a', qos: 'AT_LEAST_ONCE', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 }, subscriptionId: null },
        { topicFilter: 'list/alpha/b', qos: 'AT_LEAST_ONCE', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 }, subscriptionId: null },
      ],
    });
    const gamma = await (await api()).call<ClientSessionDetails>('GET', '/api/client-session?clientId=list-gamma');
    expect(gamma.body).toMatchObject({ queuedMessages: 2, sessionExpiryInterval: 0xffffffff, sessionEndTs: -1, connectionState: 'DISCONNECTED' });
    expect(gamma.body.disconnectedAt).toBeGreaterThan(0);
    expect((await (await api()).call('GET', '/api/client-session?clientId=nobody')).status).toBe(404);
  });

  it('names the MQTT version as TBMQ does, Unknown for what it does not keep (GET /api/client-session/details)', async () => {
    const details = async (clientId: string) => (await (await api()).call('GET', `/api/client-session/details?clientId=${clientId}`)).body;
    expect(await details('list-alpha')).toEqual({ credentialsName: 'Unknown', mqttVersion: 'MQTT_5', authProvider: 'Unknown' });
    expect(await details('list-gamma')).toMatchObject({ mqttVersion: 'MQTT_3_1_1' });
    expect(await details('nobody')).toEqual({ credentialsName: 'Unknown', mqttVersion: 'Unknown', authProvider: 'Unknown' });
  });
});

/** The session's current id, which TBMQ's disconnect and remove calls require. */
const sessionIdOf = (clientId: string) => suite.node.mqtt.sessions.get(clientId)?.sessionId ?? 'none';
const sessionCall = (action: 'disconnect' | 'remove', clientId: string) => `/api/client-session/${action}?clientId=${clientId}&sessionId=${sessionIdOf(clientId)}`;

describe('session actions', () => {
  const connect = (clientId: string, protocolVersion: 4 | 5, persistent = true): Promise<MqttClient> =>
    suite.clients.connect({ protocolVersion, clientId, clean: !persistent, ...(protocolVersion === 5 && persistent ? { properties: { sessionExpiryInterval: 3600 } } : {}) });

  it('disconnects an MQTT 5 client with reason 152 and keeps its persistent session offline', async () => {
    const client = await connect('act-kicked', 5);
    const reason = new Promise<number | undefined>((resolve) => client.once('disconnect', (packet) => resolve(packet.reasonCode)));
    const answer = await (await api()).call('DELETE', sessionCall('disconnect', 'act-kicked'));
    expect(answer.status).toBe(200);
    expect(await reason).toBe(152);
    expect(suite.node.mqtt.sessions.get('act-kicked')?.connectionState).toBe('DISCONNECTED');
  });

  it('closes an MQTT 3.1.1 client, which has no server DISCONNECT', async () => {
    const client = await connect('act-closed-311', 4);
    const closed = new Promise((resolve) => client.once('close', () => resolve(true)));
    expect((await (await api()).call('DELETE', sessionCall('disconnect', 'act-closed-311'))).status).toBe(200);
    expect(await closed).toBe(true);
  });

  it('acts only on the session it names by sessionId', async () => {
    await connect('act-session-id', 5);
    const stale = await (await api()).call('DELETE', '/api/client-session/disconnect?clientId=act-session-id&sessionId=an-older-one');
    expect(stale.status).toBe(404);
    const without = await (await api()).call<{ message: string }>('DELETE', '/api/client-session/disconnect?clientId=act-session-id');
    expect([without.status, without.body.message]).toEqual([400, expect.stringContaining('query.sessionId')]);
    const current = suite.node.mqtt.sessions.get('act-session-id')?.sessionId ?? '';
    expect((await (await api()).call('DELETE', `/api/client-session/disconnect?clientId=act-session-id&sessionId=${current}`)).status).toBe(200);
  });

  it('refuses to disconnect an offline session and to remove a connected one with 409, naming clientId', async () => {
    await connect('act-online', 5);
    const removing = await (await api()).call<{ message: string }>('DELETE', sessionCall('remove', 'act-online'));
    expect(removing.status).toBe(409);
    expect(removing.body.message).toContain('query.clientId');
    expect((await (await api()).call('DELETE', sessionCall('disconnect', 'list-gamma'))).status).toBe(409);
    expect((await (await api()).call('DELETE', sessionCall('remove', 'nobody'))).status).toBe(404);
  });

  it('removes an offline persistent session: it is gone from the list and the client starts afresh', async () => {
    const client = await connect('act-removed', 4);
    await client.subscribeAsync('act/removed', { qos: 1 });
    await client.endAsync();
    expect((await (await api()).call('DELETE', sessionCall('remove', 'act-removed'))).status).toBe(200);
    expect(await ids('textSearch=act-removed')).toEqual([]);
    const again = await connect('act-removed', 4);
    expect(suite.clients.connack(again)?.sessionPresent).toBe(false);
  });

  it('disconnects and removes a selection of sessions by client id', async () => {
    await Promise.all(['act-pick-1', 'act-pick-2', 'act-pick-3'].map((clientId) => connect(clientId, 5)));
    const disconnected = await (await api()).call('POST', '/api/client-session/disconnect', { clientIds: ['act-pick-1', 'act-pick-2', 'nobody'] });
    expect(disconnected.body).toEqual({ matchedCount: 2, affectedCount: 2 });
    const removed = await (await api()).call('POST', '/api/client-session/remove', { clientIds: ['act-pick-1', 'act-pick-2', 'act-pick-3'] });
    expect(removed.body).toEqual({ matchedCount: 3, affectedCount: 2 });
    expect(await ids('textSearch=act-pick')).toEqual(['act-pick-3']);
  });

  it('disconnects the whole filtered set and nothing else, then removes it', async () => {
    const fleet = await Promise.all(['bulk-sensor-1', 'bulk-sensor-2', 'bulk-sensor-3'].map((clientId) => connect(clientId, 5)));
    await fleet[0]?.subscribeAsync('bulk/#');
    const bystander = await connect('bulk-gateway', 5);
    const reasons = fleet.map((client) => new Promise<number | undefined>((resolve) => client.once('disconnect', (packet) => resolve(packet.reasonCode))));

    const answer = await (await api()).call('POST', '/api/v2/client-session/disconnect?textSearch=bulk-sensor&connectedStatusList=CONNECTED');
    expect(answer.body).toEqual({ matchedCount: 3, affectedCount: 3 });
    expect(await Promise.all(reasons)).toEqual([152, 152, 152]);
    expect(bystander.connected).toBe(true);
    expect(await ids('textSearch=bulk-&connectedStatusList=DISCONNECTED')).toEqual(['bulk-sensor-1', 'bulk-sensor-2', 'bulk-sensor-3']);

    const removed = await (await api()).call('POST', '/api/v2/client-session/remove?textSearch=bulk-&subscriptions=0');
    expect(removed.body).toEqual({ matchedCount: 3, affectedCount: 2 });
    expect(await ids('textSearch=bulk-')).toEqual(['bulk-gateway', 'bulk-sensor-1']);
  });
});
