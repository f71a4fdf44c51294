import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { IDisconnectPacket } from 'mqtt-packet';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { inbox, pause } from '../../support/mqtt/mqtt-clients.js';
import { eventually, WAIT_MS } from '../../support/checks/waits.js';

const suite = useBrokerSuite();
let api: ApiClient;

/** Sensor credentials: publish under sensors/, subscribe to commands/ only. */
const SENSOR_RULES = { pubAuthRulePatterns: ['sensors/.*'], subAuthRulePatterns: ['commands/.*'] };

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  await saveCredentials(api, { name: 'Sensors', value: { userName: 'sensor', password: 'right', authRules: SENSOR_RULES } });
});

const connectFails = (options: IClientOptions) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${suite.node.mqttPort}`, { reconnectPeriod: 0, connectTimeout: WAIT_MS, ...options }).then(
    async (client) => {
      await client.endAsync(true);
      throw new Error('the broker let the client in');
    },
    (error: Error & { code?: number }) => error,
  );

interface UnauthorizedPage {
  data: { clientId: string; username: string | null; ipAddress: string; passwordProvided: boolean; tlsUsed: boolean; reason: string; ts: number }[];
}

const unauthorized = async (clientId: string) =>
  (await api.call<UnauthorizedPage>('GET', `/api/unauthorized/client/v2?pageSize=10&page=0&clientId=${encodeURIComponent(clientId)}`)).body.data;

/** SUBACK codes, or 'granted' (mqtt.js rejects a SUBSCRIBE answered with a failure code). */
const subscribeCodes = (client: MqttClient, topic: string) =>
  client.subscribeAsync(topic).then(
    () => 'granted',
    (error: { packet?: { granted?: number[] } }) => error.packet?.granted,
  );

const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));
const disconnectPacket = (client: MqttClient) => new Promise<IDisconnectPacket>((resolve) => client.once('disconnect', resolve));

describe('client credentials on CONNECT', () => {
  it('refuses a wrong password: MQTT 3.1.1 return code 4, MQTT 5 reason 0x86; logged as unauthorized', async () => {
    const v311 = await connectFails({ protocolVersion: 4, clientId: 'wrong-311', username: 'sensor', password: 'guess' });
    expect(v311.message).toContain('Bad username or password');
    expect(v311.code).toBe(4);
    const v5 = await connectFails({ protocolVersion: 5, clientId: 'wrong-5', username: 'sensor', password: 'guess' });
    expect(v5.code).toBe(0x86);
    expect(await unauthorized('wrong-5')).toEqual([
      { clientId: 'wrong-5', username: 'sensor', ipAddress: '127.0.0.1', passwordProvided: true, tlsUsed: false, reason: 'Bad username or password', ts: expect.any(Number) },
    ]);
  });

  it('lets the right password in, with the client type of the credentials', async () => {
    await saveCredentials(api, { name: 'Backend', clientType: 'APPLICATION', value: { clientId: 'backend-1', userName: 'backend', password: 'app-pw' } });
    await suite.clients.connect({ protocolVersion: 5, clientId: 'backend-1', username: 'backend', password: 'app-pw' });
    await eventually(() => expect(suite.node.mqtt.sessions.get('backend-1')?.clientType).toBe('APPLICATION'));
  });

  it('refuses a client no credentials match once credentials exist: 5 / 0x87 without a username, 4 / 0x86 with one', async () => {
    expect((await connectFails({ protocolVersion: 4, clientId: 'stranger-311' })).code).toBe(5);
    expect((await connectFails({ protocolVersion: 5, clientId: 'stranger-5' })).code).toBe(0x87);
    expect((await connectFails({ protocolVersion: 5, clientId: 'stranger-named', username: 'nobody' })).code).toBe(0x86);
    expect((await unauthorized('stranger-5'))[0]).toMatchObject({ passwordProvided: false, reason: 'No client credentials match and anonymous access is off' });
  });

  it('lets many clients with the same credentials in at once', async () => {
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, index) => suite.clients.connect({ protocolVersion: 4, clientId: `storm-${index}`, username: 'sensor', password: 'right' })),
    );
    expect(clients.every((client) => client.connected)).toBe(true);
  });
});

describe('client credentials on PUBLISH and SUBSCRIBE', () => {
  const sensor = (protocolVersion: 4 | 5, clientId: string) => suite.clients.connect({ protocolVersion, clientId, username: 'sensor', password: 'right' });

  it('refuses subscriptions outside the rules: SUBACK 0x87 for MQTT 5, 0x80 for MQTT 3.1.1; judges a shared subscription by its filter', async () => {
    const v5 = await sensor(5, 'sub-5');
    expect(await subscribeCodes(v5, 'sensors/#')).toEqual([0x87]);
    expect(await subscribeCodes(v5, 'commands/sub-5')).toBe('granted');
    expect(await subscribeCodes(v5, '$share/workers/commands/all')).toBe('granted');
    const v311 = await sensor(4, 'sub-311');
    expect(await subscribeCodes(v311, 'secrets/#')).toEqual([0x80]);
  });

  it('answers an MQTT 5 QoS 1 publish outside the rules with PUBACK 0x87 and does not deliver it', async () => {
    const watcher = await suite.clients.connect({ protocolVersion: 5, clientId: 'backend-1', username: 'backend', password: 'app-pw' });
    await watcher.subscribeAsync('#');
    const received = inbox(watcher);
    const v5 = await sensor(5, 'pub-5');
    const refused = await v5.publishAsync('commands/open', 'x', { qos: 1 }).then(
      () => undefined,
      (error: { code?: number }) => error.code,
    );
    expect(refused).toBe(0x87);
    await v5.publishAsync('sensors/t', '21', { qos: 1 });
    expect((await received.next()).topic).toBe('sensors/t');
    expect(v5.connected).toBe(true);
  });

  it('closes an MQTT 3.1.1 connection that publishes outside the rules (3.1.1 has no refusal code)', async () => {
    const v311 = await sensor(4, 'pub-311');
    const gone = closed(v311);
    v311.publish('commands/open', 'x', { qos: 1 });
    await gone;
    expect(v311.connected).toBe(false);
  });
});

describe('changes apply to connected clients', () => {
  it('an edited rule applies to the next publish and subscribe', async () => {
    const saved = await saveCredentials(api, { name: 'Editable', value: { userName: 'editable', password: 'pw', authRules: { pubAuthRulePatterns: ['a/.*'], subAuthRulePatterns: ['a/.*'] } } });
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'editable-1', username: 'editable', password: 'pw' });
    await client.publishAsync('a/1', 'x', { qos: 1 });
    await saveCredentials(api, { id: saved.id, name: 'Editable', value: { userName: 'editable', authRules: { pubAuthRulePatterns: ['b/.*'], subAuthRulePatterns: ['b/.*'] } } });
    const refused = await client.publishAsync('a/1', 'x', { qos: 1 }).then(
      () => 'delivered',
      (error: { code?: number }) => error.code,
    );
    expect(refused).toBe(0x87);
    await client.publishAsync('b/1', 'x', { qos: 1 });
    expect(await subscribeCodes(client, 'a/#')).toEqual([0x87]);
    expect(client.connected).toBe(true);
  });

  it('a subscription the edited rules no longer allow is dropped from the connected client at once', async () => {
    const saved = await saveCredentials(api, { name: 'Narrowed', value: { userName: 'narrowed', password: 'pw', authRules: { subAuthRulePatterns: ['alerts/.*', 'status/.*'] } } });
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'narrowed-1', username: 'narrowed', password: 'pw' });
    await client.subscribeAsync(['alerts/#', 'status/#'], { qos: 1 });
    const received = inbox(client);
    await saveCredentials(api, { id: saved.id, name: 'Narrowed', value: { userName: 'narrowed', authRules: { subAuthRulePatterns: ['status/.*'] } } });
    // Published in this order: a kept alerts/# subscription would deliver its message first.
    for (const topic of ['alerts/fire', 'status/ok']) {
      await new Promise((resolve) => suite.node.mqtt.broker.publish({ cmd: 'publish', topic, payload: Buffer.from(topic), qos: 1, retain: false, dup: false }, resolve));
    }
    expect((await received.next()).topic).toBe('status/ok');
    expect(await received.none()).toBe(true);
    expect(client.connected).toBe(true);
  });

  it('deleting credentials disconnects their clients (MQTT 5: DISCONNECT 0x98 Administrative action)', async () => {
    const saved = await saveCredentials(api, { name: 'Doomed', value: { userName: 'doomed', password: 'pw' } });
    const v5 = await suite.clients.connect({ protocolVersion: 5, clientId: 'doomed-5', username: 'doomed', password: 'pw' });
    const v311 = await suite.clients.connect({ protocolVersion: 4, clientId: 'doomed-311', username: 'doomed', password: 'pw' });
    const packet = disconnectPacket(v5);
    const gone311 = closed(v311);
    expect((await api.call('DELETE', `/api/mqtt/client/credentials/${saved.id}`)).status).toBe(200);
    expect((await packet).reasonCode).toBe(0x98);
    await gone311;
    expect((await connectFails({ protocolVersion: 5, clientId: 'doomed-5', username: 'doomed', password: 'pw' })).code).toBe(0x86);
  });

  it('changing the password disconnects clients signed in with the old one, and refuses the old one', async () => {
    const saved = await saveCredentials(api, { name: 'Rotated', value: { userName: 'rotated', password: 'old' } });
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'rotated-1', username: 'rotated', password: 'old' });
    const packet = disconnectPacket(client);
    await api.call('POST', `/api/mqtt/client/credentials/${saved.id}`, { currentPassword: 'old', newPassword: 'new' });
    expect((await packet).reasonCode).toBe(0x98);
    expect((await connectFails({ protocolVersion: 5, clientId: 'rotated-1', username: 'rotated', password: 'old' })).code).toBe(0x86);
    await suite.clients.connect({ protocolVersion: 5, clientId: 'rotated-1', username: 'rotated', password: 'new' });
  });

  it('anonymous access switched on lets strangers in; switched back to AUTO it disconnects them', async () => {
    await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'ALLOWED' });
    const stranger = await suite.clients.connect({ protocolVersion: 5, clientId: 'anonymous-1' });
    const packet = disconnectPacket(stranger);
    await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'AUTO' });
    expect((await packet).reasonCode).toBe(0x98);
  });
});

describe('blocked clients', () => {
  it('refuses a blocked client id (3.1.1 code 5, MQTT 5 0x87), logs it, and disconnects a connected match', async () => {
    const connected = await suite.clients.connect({ protocolVersion: 5, clientId: 'rogue-1', username: 'sensor', password: 'right' });
    const packet = disconnectPacket(connected);
    const saved = await api.call('POST', '/api/blockedClient', { type: 'REGEX', pattern: 'rogue-.*', regexMatchTarget: 'BY_CLIENT_ID', description: 'rogue fleet' });
    expect(saved.body).toMatchObject({ type: 'REGEX', value: 'rogue-.*', regexMatchTarget: 'BY_CLIENT_ID', expirationTime: 0, status: 'ACTIVE' });
    expect((await packet).reasonCode).toBe(0x98);
    expect((await connectFails({ protocolVersion: 4, clientId: 'rogue-2', username: 'sensor', password: 'right' })).code).toBe(5);
    expect((await connectFails({ protocolVersion: 5, clientId: 'rogue-3', username: 'sensor', password: 'right' })).code).toBe(0x87);
    expect((await unauthorized('rogue-3'))[0]?.reason).toBe('Blocked: REGEX "rogue-.*"');
  });

  it('lets a client in again once its block expires or is removed', async () => {
    // 3 s: room for the refused attempt below on a busy machine; then the test waits them out.
    const expirationTime = Date.now() + 3000;
    const saved = await api.call('POST', '/api/blockedClient', { type: 'USERNAME', username: 'sensor', expirationTime });
    // As a production broker answers: names null when unset.
    expect(saved.body).toMatchObject({ type: 'USERNAME', value: 'sensor', regexMatchTarget: null, description: null, status: 'ACTIVE' });
    expect((await connectFails({ protocolVersion: 5, clientId: 'expiring', username: 'sensor', password: 'right' })).code).toBe(0x87);
    expect(Date.now()).toBeLessThan(expirationTime);
    await pause(expirationTime + 100 - Date.now());
    await suite.clients.connect({ protocolVersion: 5, clientId: 'expiring', username: 'sensor', password: 'right' });
    const page = await api.call<{ data: { value: string; status: string }[] }>('GET', '/api/blockedClient/v2?pageSize=10&page=0&statusList=EXPIRED');
    expect(page.body.data).toEqual([expect.objectContaining({ value: 'sensor', status: 'EXPIRED' })]);
    expect((await api.call('DELETE', '/api/blockedClient?type=USERNAME&value=sensor')).status).toBe(200);
    expect((await api.call('DELETE', '/api/blockedClient?type=USERNAME&value=sensor')).status).toBe(404);
  });

  it('refuses a REGEX block without its target, an IP block that is not an address and a value not in its type\'s field, naming the field', async () => {
    const regex = await api.call<{ message: string }>('POST', '/api/blockedClient', { type: 'REGEX', pattern: 'x.*' });
    expect(regex.body.message).toContain('regexMatchTarget');
    const address = await api.call<{ message: string }>('POST', '/api/blockedClient', { type: 'IP_ADDRESS', ipAddress: 'localhost' });
    expect(address.body.message).toContain('body.ipAddress must match format "ipv4"');
    const valueOnly = await api.call<{ message: string }>('POST', '/api/blockedClient', { type: 'CLIENT_ID', value: 'someone' });
    expect(valueOnly.status).toBe(400);
    expect(valueOnly.body.message).toContain('clientId');
  });

  it('refuses an entry that exists, deletes a REGEX entry only with its target, and filters by value and expiry', async () => {
    const week = Date.now() + 7 * 24 * 3600_000;
    expect((await api.call('POST', '/api/blockedClient', { type: 'IP_ADDRESS', ipAddress: '10.9.9.9', expirationTime: week })).status).toBe(200);
    const again = await api.call<{ message: string }>('POST', '/api/blockedClient', { type: 'IP_ADDRESS', ipAddress: '10.9.9.9' });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('body.ipAddress');
    await api.call('POST', '/api/blockedClient', { type: 'REGEX', pattern: '^temp-.*', regexMatchTarget: 'BY_USERNAME' });
    const page = async (query: string) => (await api.call<{ data: { value: string }[] }>('GET', `/api/blockedClient/v2?pageSize=10&page=0&${query}`)).body.data.map((entry) => entry.value);
    expect(await page('value=TEMP')).toEqual(['^temp-.*']);
    expect(await page(`startTime=1&endTime=${week}`)).toEqual(['10.9.9.9']);
    // Never expiring sorts as the farthest expiry.
    expect(await page('typeList=IP_ADDRESS,REGEX&sortProperty=expirationTime&sortOrder=ASC')).toEqual(['10.9.9.9', '^temp-.*', 'rogue-.*']);
    expect((await api.call('DELETE', '/api/blockedClient?type=REGEX&value=%5Etemp-.%2A')).status).toBe(404);
    expect((await api.call('DELETE', '/api/blockedClient?type=REGEX&value=%5Etemp-.%2A&regexMatchTarget=BY_CLIENT_ID')).status).toBe(404);
    expect((await api.call('DELETE', '/api/blockedClient?type=REGEX&value=%5Etemp-.%2A&regexMatchTarget=BY_USERNAME')).status).toBe(200);
    expect((await api.call('DELETE', '/api/blockedClient?type=IP_ADDRESS&value=10.9.9.9')).status).toBe(200);
  });
});

describe('unauthorized clients log', () => {
  it('filters by password provided and deletes one client id or all', async () => {
    await connectFails({ protocolVersion: 5, clientId: 'log-a', username: 'sensor', password: 'bad' });
    await connectFails({ protocolVersion: 5, clientId: 'log-b' });
    const withPassword = await api.call<UnauthorizedPage>('GET', '/api/unauthorized/client/v2?pageSize=100&page=0&textSearch=log-&passwordProvidedList=true');
    expect(withPassword.body.data.map((entry) => entry.clientId)).toEqual(['log-a']);
    expect((await api.call('DELETE', '/api/unauthorized/client?clientId=log-a')).status).toBe(200);
    expect(await unauthorized('log-a')).toEqual([]);
    expect((await api.call('DELETE', '/api/unauthorized/client?clientId=log-a')).status).toBe(404);
    expect((await api.call('DELETE', '/api/unauthorized/client')).status).toBe(200);
    expect(await unauthorized('log-b')).toEqual([]);
  });
});

describe('access simulator', () => {
  type Simulation = Record<string, unknown>;
  const simulate = async (request: Record<string, unknown>) => (await api.call<Simulation>('POST', '/api/mqtt/accessSimulation', request)).body;

  it('names the credentials and the rule that decided', async () => {
    expect(await simulate({ clientId: 'sim-1', username: 'sensor', topic: 'sensors/kitchen/t', action: 'PUBLISH' })).toMatchObject({
      allowed: true,
      stage: 'AUTHORIZATION',
      credentialsName: 'Sensors',
      credentialsType: 'MQTT_BASIC',
      ruleList: 'pubAuthRulePatterns',
      rulePattern: 'sensors/.*',
      passwordChecked: false,
    });
    expect(await simulate({ clientId: 'sim-1', username: 'sensor', password: 'right', topic: 'sensors/#', action: 'SUBSCRIBE' })).toMatchObject({
      allowed: false,
      stage: 'AUTHORIZATION',
      ruleList: 'subAuthRulePatterns',
      passwordChecked: true,
      reason: 'No subAuthRulePatterns pattern of "Sensors" matches',
    });
  });

  it('answers CONNECT refusals: wrong password, no credentials, blocked', async () => {
    expect(await simulate({ clientId: 'sim-2', username: 'sensor', password: 'wrong', topic: 'sensors/t', action: 'PUBLISH' })).toMatchObject({
      allowed: false,
      stage: 'CONNECT',
      reason: 'Bad username or password',
      credentialsName: 'Sensors',
    });
    expect(await simulate({ clientId: 'sim-3', topic: 't', action: 'PUBLISH' })).toMatchObject({ allowed: false, stage: 'CONNECT' });
    expect(await simulate({ clientId: 'rogue-9', username: 'sensor', topic: 'sensors/t', action: 'PUBLISH' })).toMatchObject({
      allowed: false,
      stage: 'CONNECT',
      blockedClient: { type: 'REGEX', value: 'rogue-.*' },
    });
  });
});
