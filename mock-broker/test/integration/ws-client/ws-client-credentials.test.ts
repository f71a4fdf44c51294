import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { valueOf, type SavedCredentials } from '../../support/api/client-credentials.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { createSettledUser } from '../../support/api/users.js';
import { postConnection, saveConnection, wsConfiguration, type WsConnection } from '../../support/api/ws-connections.js';
import { WAIT_MS } from '../../support/checks/waits.js';

// Refused connects are what these tests are about: no password-guessing throttle in the way.
const suite = useBrokerSuite({ signInMaxFailures: 1000 });
let api: ApiClient;
const opened: MqttClient[] = [];

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  // Strangers out from the start, whatever credentials exist: a refusal then means the credentials did not let the client in.
  expect((await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'REFUSED' })).status).toBe(200);
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.endAsync(true).catch(() => undefined)));
});

/** Connects as the web-socket client page does: over the broker's WebSocket listener. */
async function connectOverWebSocket(options: IClientOptions): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`ws://127.0.0.1:${suite.node.wsPort}/mqtt`, { reconnectPeriod: 0, connectTimeout: WAIT_MS, protocolVersion: 5, ...options });
  opened.push(client);
  return client;
}

/** The connection's own credentials, as the page would connect with them. */
const credentialsOf = ({ configuration }: WsConnection): IClientOptions => ({
  clientId: configuration.clientId,
  username: configuration.username ?? undefined,
  password: configuration.password ?? undefined,
});

/** The CONNACK reason a refused connect got (0x86: bad username or password). */
const refusal = (options: IClientOptions) =>
  connectOverWebSocket(options).then(
    () => 'connected',
    (error: Error & { code?: number }) => error.code,
  );

const credentials = (id: string) => api.call<SavedCredentials>('GET', `/api/mqtt/client/credentials/${id}`);

describe('AUTO credentials', () => {
  it('are made for the connection: a generated username and password that let a real client in over WebSocket, publish and subscribe', async () => {
    const connection = await saveConnection(api, 'Auto', {
      credentialsMode: 'AUTO',
      clientId: 'auto-web-1',
      username: 'ignored-user',
      password: 'ignored-password',
      clientCredentialsId: 'ignored-id',
    });
    const { username, password, clientCredentialsId } = connection.configuration;
    expect(username).toMatch(/^starling_websockets_[A-Za-z0-9]{8}$/);
    expect(password).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(clientCredentialsId).not.toBe('ignored-id');

    const made = await credentials(String(clientCredentialsId));
    expect(made.body).toMatchObject({ name: 'WebSocket Credentials', clientType: 'APPLICATION', credentialsType: 'MQTT_BASIC', additionalInfo: { mqttBasicPasswordIsSet: true } });
    expect(valueOf(made.body)).toEqual({ clientId: 'auto-web-1', userName: username, password: null, authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] } });

    const client = await connectOverWebSocket(credentialsOf(connection));
    const received = inbox(client);
    await client.subscribeAsync('auto/+/state', { qos: 1 });
    await client.publishAsync('auto/lamp/state', 'on', { qos: 1 });
    expect(await received.next()).toMatchObject({ topic: 'auto/lamp/state', payload: 'on' });
    expect(await refusal({ ...credentialsOf(connection), password: 'wrong' })).toBe(0x86);

    // Answered the same on every read, and kept on an update that sends other values.
    expect((await api.call<WsConnection>('GET', `/api/ws/connection/${connection.id}`)).body).toEqual(connection);
    const updated = await saveConnection(api, 'Auto renamed', { credentialsMode: 'AUTO', clientId: 'auto-web-1', username: 'x', password: 'y' }, connection.id);
    expect(updated.configuration).toMatchObject({ username, password, clientCredentialsId });
  });

  it('keep their client id in step with the connection\'s: the old one is refused, the new one let in', async () => {
    const connection = await saveConnection(api, 'Auto moving', { credentialsMode: 'AUTO', clientId: 'auto-old-id' });
    expect(await refusal(credentialsOf(connection))).toBe('connected');
    const moved = await saveConnection(api, 'Auto moving', { credentialsMode: 'AUTO', clientId: 'auto-new-id' }, connection.id);
    expect(moved.configuration).toMatchObject({
      clientCredentialsId: connection.configuration.clientCredentialsId,
      username: connection.configuration.username,
      password: connection.configuration.password,
    });
    expect(valueOf((await credentials(String(moved.configuration.clientCredentialsId))).body).clientId).toBe('auto-new-id');
    expect(await refusal(credentialsOf(connection))).toBe(0x86);
    expect(await refusal(credentialsOf(moved))).toBe('connected');
  });

  it('are made again on the next save when someone deleted them', async () => {
    const connection = await saveConnection(api, 'Auto rescued', { credentialsMode: 'AUTO', clientId: 'auto-rescued' });
    const firstId = String(connection.configuration.clientCredentialsId);
    expect((await api.call('DELETE', `/api/mqtt/client/credentials/${firstId}`)).status).toBe(200);
    expect(await refusal(credentialsOf(connection))).toBe(0x86);
    const saved = await saveConnection(api, 'Auto rescued', { credentialsMode: 'AUTO', clientId: 'auto-rescued' }, connection.id);
    expect(saved.configuration.clientCredentialsId).not.toBe(firstId);
    expect((await credentials(String(saved.configuration.clientCredentialsId))).status).toBe(200);
    expect(await refusal(credentialsOf(saved))).toBe('connected');
  });

  it('stay the connection\'s when a client that knows no mode (the production broker\'s) saves the answer back', async () => {
    const connection = await saveConnection(api, 'Auto sent back', { credentialsMode: 'AUTO', clientId: 'auto-sent-back' });
    const { credentialsMode: _mode, password: _password, ...asTbmqKeepsIt } = connection.configuration;
    const saved = await saveConnection(api, 'Auto sent back', { ...asTbmqKeepsIt, credentialsMode: undefined, keepAlive: 30 }, connection.id);
    expect(saved.configuration).toMatchObject({ credentialsMode: 'AUTO', clientCredentialsId: connection.configuration.clientCredentialsId, password: connection.configuration.password, keepAlive: 30 });
    expect(await refusal(credentialsOf(saved))).toBe('connected');
  });

  it('are deleted with the connection: a client using them is refused', async () => {
    const connection = await saveConnection(api, 'Auto deleted', { credentialsMode: 'AUTO', clientId: 'auto-deleted' });
    expect(await refusal(credentialsOf(connection))).toBe('connected');
    expect((await api.call('DELETE', `/api/ws/connection/${connection.id}`)).status).toBe(200);
    expect((await credentials(String(connection.configuration.clientCredentialsId))).status).toBe(404);
    expect(await refusal(credentialsOf(connection))).toBe(0x86);
  });

  it('are deleted when the connection leaves AUTO; CUSTOM then keeps none of the generated secrets', async () => {
    const connection = await saveConnection(api, 'Auto left', { credentialsMode: 'AUTO', clientId: 'auto-left' });
    const custom = await saveConnection(api, 'Auto left', { credentialsMode: 'CUSTOM', clientId: 'auto-left', username: 'own-user' }, connection.id);
    expect(custom.configuration).toMatchObject({ credentialsMode: 'CUSTOM', clientCredentialsId: null, username: 'own-user', password: null });
    expect((await credentials(String(connection.configuration.clientCredentialsId))).status).toBe(404);
    expect(await refusal(credentialsOf(connection))).toBe(0x86);
  });

  it('leave nothing behind when the connection cannot be saved', async () => {
    const before = await api.call<{ totalCount: number }>('GET', '/api/mqtt/client/credentials/info');
    await saveConnection(api, 'Auto taken name');
    const clash = await postConnection(api, { name: 'Auto taken name', configuration: wsConfiguration({ credentialsMode: 'AUTO', clientId: 'auto-clash' }) });
    expect(clash.status).toBe(409);
    expect((await api.call<{ totalCount: number }>('GET', '/api/mqtt/client/credentials/info')).body.totalCount).toBe(before.body.totalCount);
  });
});

describe('the passwords a connection keeps', () => {
  it('are answered only to the administrator who saved the connection, never by the client credentials API', async () => {
    const auto = await saveConnection(api, 'Secret auto', { credentialsMode: 'AUTO', clientId: 'secret-auto' });
    const custom = await saveConnection(api, 'Secret custom', { username: 'secret-user', password: 'custom-secret-pw' });
    const secrets = [String(auto.configuration.password), 'custom-secret-pw'];
    await createSettledUser(api, 'onlooker@starling.local', 'onlooker-admin-pw');
    const onlooker = new ApiClient(suite.node.baseUrl);
    await onlooker.signIn('onlooker@starling.local', 'onlooker-admin-pw');
    const stranger = new ApiClient(suite.node.baseUrl);
    const answers = await Promise.all(
      [onlooker, stranger].flatMap((client) => [
        client.call('GET', '/api/ws/connection?pageSize=100&page=0'),
        client.call('GET', `/api/ws/connection/${auto.id}`),
        client.call('GET', `/api/ws/connection/${custom.id}`),
        client.call('GET', '/api/ws/connection?name=Secret%20custom'),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 404, 404, 401, 401, 401, 401]);
    const credentialsAnswers = [
      await api.call('GET', `/api/mqtt/client/credentials/${String(auto.configuration.clientCredentialsId)}`),
      await api.call('GET', '/api/v2/mqtt/client/credentials?pageSize=1000&page=0'),
    ];
    for (const text of [...answers, ...credentialsAnswers].map((answer) => JSON.stringify(answer.body))) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
    expect((await api.call<WsConnection>('GET', `/api/ws/connection/${custom.id}`)).body.configuration.password).toBe('custom-secret-pw');
  });
});

describe('deleting a user', () => {
  it('deletes the user\'s connections, their items and the credentials made for them', async () => {
    const created = await createSettledUser(api, 'leaving@starling.local', 'leaving-admin-pw');
    const leaving = new ApiClient(suite.node.baseUrl);
    await leaving.signIn('leaving@starling.local', 'leaving-admin-pw');
    const auto = await saveConnection(leaving, 'Leaving auto', { credentialsMode: 'AUTO', clientId: 'leaving-auto' });
    await saveConnection(leaving, 'Leaving custom', { username: 'u', password: 'p' });
    expect((await leaving.call('POST', '/api/ws/subscription', { webSocketConnectionId: auto.id, configuration: { topicFilter: 'leaving/#', qos: 0, color: '#123456' } })).status).toBe(200);
    const client = await connectOverWebSocket(credentialsOf(auto));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

    expect((await api.call('DELETE', `/api/admin/${created.id}`)).status).toBe(200);
    expect((await credentials(String(auto.configuration.clientCredentialsId))).status).toBe(404);
    await closed;
    expect(await refusal(credentialsOf(auto))).toBe(0x86);

    // Signed up again with the same e-mail, the new user starts without connections.
    await createSettledUser(api, 'leaving@starling.local', 'leaving-admin-pw');
    await leaving.signIn('leaving@starling.local', 'leaving-admin-pw');
    expect((await leaving.call<{ totalElements: number }>('GET', '/api/ws/connection?pageSize=10&page=0')).body.totalElements).toBe(0);
  });
});
