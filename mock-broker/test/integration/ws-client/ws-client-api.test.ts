import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { createSettledUser } from '../../support/api/users.js';
import fs from 'node:fs';
import path from 'node:path';
import { RECORDINGS_DIR } from '../../contract/tbmq-recordings.js';
import { postConnection, saveConnection, signedInUserId, wsConfiguration, type ErrorAnswer, type WsConnection, type WsConnectionInfo } from '../../support/api/ws-connections.js';

const suite = useBrokerSuite();
let api: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  await createSettledUser(api, 'second@starling.local', 'second-admin-pw');
  other = new ApiClient(suite.node.baseUrl);
  await other.signIn('second@starling.local', 'second-admin-pw');
});

interface Page<T> {
  data: T[];
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}

interface Subscription {
  id: string;
  createdTime: number;
  webSocketConnectionId: string;
  configuration: { topicFilter: string; qos: number; color: string | null; options: Record<string, unknown> | null; subscriptionId: number | null };
}

interface SavedMessage {
  id: string;
  createdTime: number;
  webSocketConnectionId: string;
  name: string;
  configuration: Record<string, unknown>;
}

const subscription = (webSocketConnectionId: string, topicFilter: string, extra: Record<string, unknown> = {}) =>
  api.call<Subscription & ErrorAnswer>('POST', '/api/ws/subscription', { webSocketConnectionId, configuration: { topicFilter, qos: 1, color: '#ff8800', ...extra } });

/** The page of a connection's subscriptions, as the production broker serves it. */
const subscriptionsOf = (webSocketConnectionId: string, client = api) =>
  client.call<Page<Subscription>>('GET', `/api/ws/subscription?webSocketConnectionId=${webSocketConnectionId}&pageSize=100&page=0`);

/** A recorded TBMQ 2.3.0 exchange's request body and answer. */
function recorded(file: string): { request: { body: Record<string, unknown> }; response: { body: Record<string, unknown> } } {
  return JSON.parse(fs.readFileSync(path.join(RECORDINGS_DIR, file), 'utf8')) as { request: { body: Record<string, unknown> }; response: { body: Record<string, unknown> } };
}

const message = (webSocketConnectionId: string, name: string, extra: Record<string, unknown> = {}) =>
  api.call<SavedMessage & ErrorAnswer>('POST', '/api/ws/saved-message', {
    webSocketConnectionId,
    name,
    configuration: { topic: 'lights/kitchen', qos: 0, retain: false, payload: '{"on":true}', payloadType: 'JSON' },
    ...extra,
  });

describe('web-socket client connections', () => {
  it('creates, reads (by id and by name), updates and deletes a connection of the signed-in user', async () => {
    const created = await saveConnection(api, 'Kitchen', { clientId: 'kitchen-1', keepAlive: 30, userProperties: { props: [{ k: 'room', v: 'kitchen' }] } });
    expect(created).toMatchObject({ name: 'Kitchen', userId: await signedInUserId(api), createdTime: expect.any(Number) });
    expect(created.configuration).toMatchObject({ clientId: 'kitchen-1', keepAlive: 30, credentialsMode: 'CUSTOM', userProperties: { props: [{ k: 'room', v: 'kitchen' }] } });
    expect((await api.call('GET', `/api/ws/connection/${created.id}`)).body).toEqual(created);
    expect((await api.call('GET', `/api/ws/connection?name=${encodeURIComponent('Kitchen')}`)).body).toEqual(created);
    expect((await api.call('GET', '/api/ws/connection?name=kitchen')).status).toBe(404);

    const renamed = await saveConnection(api, 'Kitchen 2', { clientId: 'kitchen-2' }, created.id);
    expect(renamed).toMatchObject({ id: created.id, createdTime: created.createdTime, name: 'Kitchen 2', configuration: { clientId: 'kitchen-2' } });

    expect((await api.call('DELETE', `/api/ws/connection/${created.id}`)).status).toBe(200);
    expect((await api.call('GET', `/api/ws/connection/${created.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/api/ws/connection/${created.id}`)).status).toBe(404);
  });

  it('pages the user\'s connections as the production broker does ({id, name, clientId}): text search on the name, sorted by name or creation time', async () => {
    for (const name of ['page-b', 'page-A', 'page-c']) await saveConnection(api, name, { clientId: `client-${name}` });
    const byName = await api.call<Page<WsConnectionInfo>>('GET', '/api/ws/connection?pageSize=2&page=0&textSearch=PAGE-');
    expect(byName.body).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    expect(byName.body.data).toEqual([
      { id: expect.any(String), name: 'page-A', clientId: 'client-page-A' },
      { id: expect.any(String), name: 'page-b', clientId: 'client-page-b' },
    ]);
    const newestFirst = await api.call<Page<WsConnectionInfo>>('GET', '/api/ws/connection?pageSize=10&page=0&textSearch=page-&sortProperty=createdTime&sortOrder=DESC');
    expect(newestFirst.body.data.map((connection) => connection.name)).toEqual(['page-c', 'page-A', 'page-b']);
    const withoutPage = await api.call<ErrorAnswer>('GET', '/api/ws/connection?page=0');
    expect(withoutPage.body).toMatchObject({ status: 400, message: expect.stringContaining('pageSize') });
  });

  it('stores and answers the production broker\'s configuration: a save recorded from TBMQ 2.3.0 answers as TBMQ did, with Starling\'s mode added', async () => {
    const exchange = recorded('ws-connections/saveWsConnection--update-v5-user-properties.json');
    const { id: _id, userId: _userId, name: _name, ...body } = exchange.request.body;
    const saved = await postConnection(api, { ...body, name: 'Recorded v5' } as Parameters<typeof postConnection>[1]);
    expect(saved.status).toBe(200);
    expect(saved.body.configuration).toEqual({ ...(exchange.response.body.configuration as object), credentialsMode: 'CUSTOM', password: null });

    // The fewest fields a save may send: the rest are answered as TBMQ answers what it was not sent.
    const sparse = await saveConnection(api, 'Sparse', { mqttVersion: 4, lastWillMsg: { topic: 'will/t', qos: 0, retain: false, payload: 'bye', payloadType: 'STRING' } });
    expect(sparse.configuration).toMatchObject({
      rejectUnauthorized: false,
      clientCredentialsId: null,
      username: null,
      passwordRequired: false,
      sessionExpiryInterval: 0,
      maxPacketSize: 0,
      maxPacketSizeUnit: null,
      receiveMax: 0,
      userProperties: null,
      lastWillMsg: { topic: 'will/t', payloadFormatIndicator: false, contentType: null, willDelayInterval: 0, msgExpiryInterval: 0, responseTopic: null, correlationData: null },
    });
  });

  it('refuses a save without userId, or with the old size unit, naming the field (as the production broker does)', async () => {
    const withoutUser = await api.call<ErrorAnswer>('POST', '/api/ws/connection', { name: 'No user', configuration: wsConfiguration() });
    expect(withoutUser.body).toMatchObject({ status: 400, message: expect.stringContaining('userId') });
    const oldUnit = await postConnection(api, { name: 'Old unit', configuration: wsConfiguration({ maxPacketSize: 64, maxPacketSizeUnit: 'KB' }) });
    expect(oldUnit.body).toMatchObject({ status: 400, message: expect.stringContaining('maxPacketSizeUnit') });
  });

  it('keeps names unique per user (409 naming name), but two users may use the same one', async () => {
    const first = await saveConnection(api, 'Shared name');
    const clash = await postConnection(api, { name: 'Shared name', configuration: wsConfiguration() });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('body.name');
    const renameClash = await postConnection(api, { id: (await saveConnection(api, 'Another name')).id, name: 'Shared name', configuration: wsConfiguration() });
    expect(renameClash.status).toBe(409);
    expect((await saveConnection(other, 'Shared name')).name).toBe('Shared name');
    expect((await saveConnection(api, 'Shared name', {}, first.id)).id).toBe(first.id);
  });

  it('keeps each user\'s connections from every other user: list, read, update and delete answer as if they did not exist', async () => {
    const mine = await saveConnection(api, 'Private');
    const seenByOther = await other.call<Page<WsConnectionInfo>>('GET', '/api/ws/connection?pageSize=100&page=0');
    expect(seenByOther.body.data.map((connection) => connection.id)).not.toContain(mine.id);
    expect((await other.call('GET', `/api/ws/connection/${mine.id}`)).status).toBe(404);
    expect((await other.call('GET', '/api/ws/connection?name=Private')).status).toBe(404);
    expect((await other.call('DELETE', `/api/ws/connection/${mine.id}`)).status).toBe(404);
    expect((await postConnection(other, { id: mine.id, name: 'Taken over', configuration: wsConfiguration() })).status).toBe(404);
    expect((await subscriptionsOf(mine.id, other)).status).toBe(404);
    expect((await other.call('POST', '/api/ws/subscription', { webSocketConnectionId: mine.id, configuration: { topicFilter: 'a', qos: 0, color: '#000000' } })).status).toBe(404);
    const ownSubscription = await subscription(mine.id, 'private/#');
    expect((await other.call('GET', `/api/ws/subscription/${ownSubscription.body.id}`)).status).toBe(404);
    expect((await other.call('DELETE', `/api/ws/subscription/${ownSubscription.body.id}`)).status).toBe(404);
    const ownMessage = await message(mine.id, 'private message');
    expect((await other.call('GET', `/api/ws/saved-message?webSocketConnectionId=${mine.id}`)).status).toBe(404);
    expect((await other.call('DELETE', `/api/ws/saved-message/${ownMessage.body.id}`)).status).toBe(404);
    expect((await api.call('GET', `/api/ws/connection/${mine.id}`)).status).toBe(200);
  });

  it('keeps at most 100 connections per user: the 101st answers 409, an update still works', async () => {
    const limited = new ApiClient(suite.node.baseUrl);
    await createSettledUser(api, 'limited@starling.local', 'limited-admin-pw');
    await limited.signIn('limited@starling.local', 'limited-admin-pw');
    const saved: WsConnection[] = [];
    for (let index = 0; index < 100; index++) saved.push(await saveConnection(limited, `connection ${index}`));
    const refused = await postConnection(limited, { name: 'connection 100', configuration: wsConfiguration() });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('at most 100 connections');
    expect((await saveConnection(limited, 'renamed', {}, saved[0]?.id)).name).toBe('renamed');
    expect((await saveConnection(other, 'not limited by another user')).name).toBe('not limited by another user');
  });

  it.each([
    ['a URL that does not parse', 'ws://exa mple.com/mqtt', 'body.configuration.url is not a valid URL'],
    ['a URL with an invalid host', 'ws://[::1/mqtt', 'body.configuration.url is not a valid URL'],
  ])('refuses %s with 400 naming the field', async (_case, url, text) => {
    const answer = await postConnection(api, { name: 'Bad URL', configuration: wsConfiguration({ url }) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(text);
  });

  it('refuses an http:// URL and a missing client id by the contract, naming the field', async () => {
    const http = await postConnection(api, { name: 'HTTP', configuration: wsConfiguration({ url: 'http://example.com/mqtt' }) });
    expect(http.body).toMatchObject({ status: 400, message: expect.stringContaining('body.configuration.url') });
    const { clientId: _clientId, ...noClientId } = wsConfiguration();
    const missing = await api.call<ErrorAnswer>('POST', '/api/ws/connection', { name: 'No client id', configuration: noClientId });
    expect(missing.body).toMatchObject({ status: 400, message: expect.stringContaining('body.configuration.clientId is required') });
  });
});

describe('CUSTOM credentials', () => {
  it('keeps the password for its user: left out on update keeps it, null removes it', async () => {
    const created = await saveConnection(api, 'Custom', { username: 'custom-user', password: 'custom-pw' });
    expect(created.configuration).toMatchObject({ credentialsMode: 'CUSTOM', username: 'custom-user', password: 'custom-pw', clientCredentialsId: null });
    const kept = await saveConnection(api, 'Custom', { username: 'custom-user-2' }, created.id);
    expect(kept.configuration).toMatchObject({ username: 'custom-user-2', password: 'custom-pw' });
    expect((await api.call<WsConnection>('GET', `/api/ws/connection/${created.id}`)).body.configuration.password).toBe('custom-pw');
    const changed = await saveConnection(api, 'Custom', { username: 'custom-user-2', password: 'other-pw' }, created.id);
    expect(changed.configuration.password).toBe('other-pw');
    const removed = await saveConnection(api, 'Custom', { username: 'custom-user-2', password: null }, created.id);
    expect(removed.configuration.password).toBeNull();
    expect((await api.call<WsConnection>('GET', `/api/ws/connection/${created.id}`)).body.configuration.password).toBeNull();
  });

  it('stores no password when it is to be asked for on every connect', async () => {
    const created = await saveConnection(api, 'Ask every time', { username: 'asker', password: 'not-kept', passwordRequired: true });
    expect(created.configuration).toMatchObject({ passwordRequired: true, password: null });
    const stillAsked = await saveConnection(api, 'Ask every time', { username: 'asker', passwordRequired: true }, created.id);
    expect(stillAsked.configuration.password).toBeNull();
  });
});

describe('EXISTING credentials', () => {
  it('names existing client credentials (400 naming the field otherwise) and never keeps a password', async () => {
    const missing = await postConnection(api, { name: 'Existing', configuration: wsConfiguration({ credentialsMode: 'EXISTING', clientCredentialsId: 'no-such-credentials' }) });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('body.configuration.clientCredentialsId');
    const unnamed = await postConnection(api, { name: 'Existing', configuration: wsConfiguration({ credentialsMode: 'EXISTING' }) });
    expect(unnamed.body.message).toContain('body.configuration.clientCredentialsId');

    const credentials = await api.call<{ id: string }>('POST', '/api/mqtt/client/credentials', {
      name: 'For the web client',
      clientType: 'APPLICATION',
      credentialsType: 'MQTT_BASIC',
      credentialsValue: JSON.stringify({ userName: 'existing-user', password: 'existing-pw' }),
    });
    const saved = await saveConnection(api, 'Existing', { credentialsMode: 'EXISTING', clientCredentialsId: credentials.body.id, username: 'existing-user', password: 'existing-pw' });
    expect(saved.configuration).toMatchObject({ credentialsMode: 'EXISTING', clientCredentialsId: credentials.body.id, username: 'existing-user', password: null });

    // The production broker's client sends no mode: linked credentials are EXISTING.
    const { credentialsMode: _mode, ...withoutMode } = wsConfiguration({ clientCredentialsId: credentials.body.id, username: 'existing-user', passwordRequired: true });
    const linked = await postConnection(api, { name: 'Linked', configuration: withoutMode });
    expect(linked.body.configuration).toMatchObject({ credentialsMode: 'EXISTING', clientCredentialsId: credentials.body.id, passwordRequired: true, password: null });
  });
});

describe('subscriptions and saved messages', () => {
  let connection: WsConnection;

  beforeAll(async () => {
    connection = await saveConnection(api, 'With items', { mqttVersion: 4 });
  });

  it('creates, pages (oldest first), reads, updates and deletes subscriptions; a subscription identifier is kept for an MQTT 3.1.1 connection', async () => {
    const first = await subscription(connection.id, 'sensors/+/temperature', { options: { noLocal: true, retainAsPublish: false, retainHandling: 1 }, subscriptionId: 7 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ webSocketConnectionId: connection.id, configuration: { topicFilter: 'sensors/+/temperature', qos: 1, subscriptionId: 7, options: { noLocal: true, retainHandling: 1 } } });
    const second = await subscription(connection.id, 'alerts/#');
    const listed = await subscriptionsOf(connection.id);
    expect(listed.body).toMatchObject({ totalElements: 2, totalPages: 1, hasNext: false });
    expect(listed.body.data.map((item) => item.configuration.topicFilter)).toEqual(['sensors/+/temperature', 'alerts/#']);
    expect((await api.call('GET', `/api/ws/subscription/${first.body.id}`)).body).toEqual(first.body);
    const secondPage = await api.call<Page<Subscription>>('GET', `/api/ws/subscription?webSocketConnectionId=${connection.id}&pageSize=1&page=1`);
    expect(secondPage.body.data.map((item) => item.id)).toEqual([second.body.id]);

    // As the production broker's client sends it: the whole answer back, createdTime too.
    const updated = await api.call<Subscription>('POST', '/api/ws/subscription', { ...second.body, configuration: { topicFilter: 'alerts/fire', qos: 2, color: 'rgba(1, 2, 3, 0.5)' } });
    expect(updated.body).toMatchObject({ id: second.body.id, createdTime: second.body.createdTime, configuration: { topicFilter: 'alerts/fire', qos: 2 } });
    // Left out, colour and options are answered null, as the production broker answers them.
    const plain = await api.call<Subscription>('POST', '/api/ws/subscription', { webSocketConnectionId: connection.id, configuration: { topicFilter: 'plain/#', qos: 0 } });
    expect(plain.body.configuration).toEqual({ topicFilter: 'plain/#', qos: 0, color: null, options: null, subscriptionId: null });
    const badQos = await api.call<ErrorAnswer>('POST', '/api/ws/subscription', { webSocketConnectionId: connection.id, configuration: { topicFilter: 'x', qos: 5 } });
    expect(badQos.body).toMatchObject({ status: 400, message: expect.stringContaining('body.configuration.qos') });

    expect((await api.call('DELETE', `/api/ws/subscription/${first.body.id}`)).status).toBe(200);
    expect((await api.call('GET', `/api/ws/subscription/${first.body.id}`)).status).toBe(404);
  });

  it('keeps subscription topic filters unique per connection (409 naming configuration.topicFilter) and refuses an invalid filter (400)', async () => {
    await subscription(connection.id, 'unique/filter');
    const clash = await subscription(connection.id, 'unique/filter');
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('configuration.topicFilter');
    const invalid = await subscription(connection.id, 'bad/#/filter');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('body.configuration.topicFilter');
    const elsewhere = await saveConnection(api, 'Elsewhere');
    expect((await subscription(elsewhere.id, 'unique/filter')).status).toBe(200);
  });

  it('keeps a subscription with its connection (400) and answers 404 for an unknown connection', async () => {
    const elsewhere = await saveConnection(api, 'Another connection');
    const own = await subscription(connection.id, 'stays/here');
    const moved = await api.call<ErrorAnswer>('POST', '/api/ws/subscription', { id: own.body.id, webSocketConnectionId: elsewhere.id, configuration: { topicFilter: 'stays/here', qos: 0, color: '#000000' } });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain('body.webSocketConnectionId');
    expect((await subscription('no-such-connection', 'a/b')).status).toBe(404);
    expect((await subscriptionsOf('no-such-connection')).status).toBe(404);
  });

  it('saves messages: listed by name, names unique per connection (409 naming name), updated and deleted', async () => {
    const zulu = await message(connection.id, 'zulu');
    await message(connection.id, 'alpha', { configuration: { topic: 't', qos: 1, retain: true, payload: 'hi', payloadType: 'STRING', properties: { contentType: 'text/plain', userProperties: [{ key: 'k', value: 'v' }] } } });
    const listed = await api.call<SavedMessage[]>('GET', `/api/ws/saved-message?webSocketConnectionId=${connection.id}`);
    expect(listed.body.map((item) => item.name)).toEqual(['alpha', 'zulu']);
    expect(listed.body[0]?.configuration).toMatchObject({ retain: true, properties: { contentType: 'text/plain' } });
    const clash = await message(connection.id, 'alpha');
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('body.name');
    const renamed = await message(connection.id, 'yankee', { id: zulu.body.id });
    expect(renamed.body).toMatchObject({ id: zulu.body.id, name: 'yankee' });
    expect((await api.call('DELETE', `/api/ws/saved-message/${zulu.body.id}`)).status).toBe(200);
    expect((await api.call('DELETE', `/api/ws/saved-message/${zulu.body.id}`)).status).toBe(404);
  });

  it('keeps at most 100 subscriptions and 100 saved messages per connection (409 beyond)', async () => {
    const full = await saveConnection(api, 'Full');
    for (let index = 0; index < 100; index++) {
      expect((await subscription(full.id, `limit/${index}`)).status).toBe(200);
      expect((await message(full.id, `message ${index}`)).status).toBe(200);
    }
    const subscriptionRefused = await subscription(full.id, 'limit/100');
    expect(subscriptionRefused.status).toBe(409);
    expect(subscriptionRefused.body.message).toContain('at most 100');
    expect((await message(full.id, 'message 100')).status).toBe(409);
    expect((await subscriptionsOf(full.id)).body.data).toHaveLength(100);
  });

  it('deletes a connection with its subscriptions and saved messages', async () => {
    const doomed = await saveConnection(api, 'Doomed');
    const doomedSubscription = await subscription(doomed.id, 'doomed/#');
    const doomedMessage = await message(doomed.id, 'doomed message');
    expect((await api.call('DELETE', `/api/ws/connection/${doomed.id}`)).status).toBe(200);
    expect((await api.call('GET', `/api/ws/subscription/${doomedSubscription.body.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/api/ws/saved-message/${doomedMessage.body.id}`)).status).toBe(404);
    // Saved again under the same name, the connection starts empty.
    const again = await saveConnection(api, 'Doomed');
    expect((await subscriptionsOf(again.id)).body).toEqual({ data: [], totalPages: 0, totalElements: 0, hasNext: false });
  });
});
