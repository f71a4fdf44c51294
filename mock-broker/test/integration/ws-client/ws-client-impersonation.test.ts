import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { claimsOf, createSettledUser, type TokenPair } from '../../support/api/users.js';
import { saveConnection, signedInUserId, wsConfiguration, type WsConnection, type WsConnectionInfo } from '../../support/api/ws-connections.js';

/**
 * SECURITY.md: a web-socket connection's password is answered only to the administrator who saved
 * it. Another administrator who signs in as that one ("sign in as user") acts as them, but reads no
 * password: the attack of issue 26 N8.
 */
const suite = useBrokerSuite();
const CUSTOM_PASSWORD = 'owner-only-secret-7f3a';
let owner: ApiClient;
let ownerId: string;
let custom: WsConnection;
let generatedPassword: string;

/** A client holding the tokens another administrator got by signing in as the owner. */
async function signedInAsOwner(path: string): Promise<{ client: ApiClient; tokens: TokenPair }> {
  const admin = new ApiClient(suite.node.baseUrl);
  await admin.signIn();
  const answer = await admin.call<TokenPair>('GET', path);
  expect(answer.status).toBe(200);
  const client = new ApiClient(suite.node.baseUrl);
  client.token = answer.body.token;
  return { client, tokens: answer.body };
}

/** Every read of the owner's connections a session can make, as raw JSON text. */
async function everyRead(client: ApiClient): Promise<string[]> {
  const list = await client.call<{ data: WsConnectionInfo[] }>('GET', '/api/ws/connection?pageSize=100&page=0');
  expect(list.status).toBe(200);
  const reads = [JSON.stringify(list.body)];
  for (const { id, name } of list.body.data) {
    const byId = await client.call<WsConnection>('GET', `/api/ws/connection/${id}`);
    const byName = await client.call<WsConnection>('GET', `/api/ws/connection?name=${encodeURIComponent(name)}`);
    expect([byId.status, byName.status]).toEqual([200, 200]);
    reads.push(JSON.stringify(byId.body), JSON.stringify(byName.body));
  }
  return reads;
}

beforeAll(async () => {
  const admin = new ApiClient(suite.node.baseUrl);
  await admin.signIn();
  await createSettledUser(admin, 'owner@starling.local', 'owner-admin-pw');
  owner = new ApiClient(suite.node.baseUrl);
  await owner.signIn('owner@starling.local', 'owner-admin-pw');
  ownerId = await signedInUserId(owner);
  custom = await saveConnection(owner, 'Other broker', { url: 'wss://mqtt.example.com:8084/mqtt', clientId: 'owner-web', username: 'owner', password: CUSTOM_PASSWORD });
  const auto = await saveConnection(owner, 'This broker', { credentialsMode: 'AUTO', clientId: 'owner-auto' });
  generatedPassword = auto.configuration.password ?? '';
  expect(generatedPassword).not.toBe('');
});

describe('an administrator signed in as another one', () => {
  it.each(['/api/admin/user/{id}/token', '/api/user/{id}/token'])('reads none of their connection passwords (%s), and the answer says one is kept', async (path) => {
    const { client, tokens } = await signedInAsOwner(path.replace('{id}', ownerId));
    expect(claimsOf(tokens.token).userId).toBe(ownerId);
    const reads = await everyRead(client);
    expect(reads).toHaveLength(5);
    for (const read of reads) {
      expect(read).not.toContain(CUSTOM_PASSWORD);
      expect(read).not.toContain(generatedPassword);
    }
    const answer = await client.call<WsConnection>('GET', `/api/ws/connection/${custom.id}`);
    expect(answer.body.configuration).toMatchObject({ username: 'owner', password: null, passwordWithheld: true });
  });

  it('keeps reading none after refreshing its tokens', async () => {
    const { tokens } = await signedInAsOwner(`/api/admin/user/${ownerId}/token`);
    const refreshed = await new ApiClient(suite.node.baseUrl).call<TokenPair>('POST', '/api/auth/token', { refreshToken: tokens.refreshToken });
    expect(refreshed.status).toBe(200);
    const client = new ApiClient(suite.node.baseUrl);
    client.token = refreshed.body.token;
    for (const read of await everyRead(client)) expect(read).not.toContain(CUSTOM_PASSWORD);
  });

  it('is not answered the password by saving the connection, and the save keeps it for the owner', async () => {
    const { client } = await signedInAsOwner(`/api/admin/user/${ownerId}/token`);
    const { password: _password, ...unchanged } = custom.configuration;
    const saves = [
      await client.call<WsConnection>('POST', '/api/ws/connection', { id: custom.id, userId: ownerId, name: custom.name, configuration: { ...unchanged, keepAlive: 30 } }),
      await client.call<WsConnection>('POST', '/api/ws/connection', { userId: ownerId, name: 'Made while signed in as the owner', configuration: wsConfiguration({ credentialsMode: 'AUTO', clientId: 'owner-auto-2' }) }),
    ];
    for (const save of saves) {
      expect(save.status).toBe(200);
      expect(JSON.stringify(save.body)).not.toContain(CUSTOM_PASSWORD);
      expect(save.body.configuration).toMatchObject({ password: null, passwordWithheld: true });
    }
    // The owner, signed in themselves, still has the password (an update that leaves it out keeps it).
    const own = await owner.call<WsConnection>('GET', `/api/ws/connection/${custom.id}`);
    expect(own.body.configuration).toMatchObject({ keepAlive: 30, password: CUSTOM_PASSWORD });
    expect(own.body.configuration.passwordWithheld).toBeUndefined();
  });

  it('cannot send the password elsewhere: moving the connection to another URL drops the password it kept', async () => {
    const kept = await saveConnection(owner, 'Moved later', { url: 'wss://mqtt.example.com:8084/mqtt', clientId: 'owner-moved', username: 'owner', password: CUSTOM_PASSWORD });
    const { client } = await signedInAsOwner(`/api/admin/user/${ownerId}/token`);
    const { password: _password, ...unchanged } = kept.configuration;
    const moved = await client.call<WsConnection>('POST', '/api/ws/connection', { id: kept.id, userId: ownerId, name: kept.name, configuration: { ...unchanged, url: 'wss://collector.example.net/mqtt' } });
    expect(moved.status).toBe(200);
    expect(moved.body.configuration.passwordWithheld).toBeUndefined();
    // The owner's page would connect to the new URL without the password: it is gone.
    const own = await owner.call<WsConnection>('GET', `/api/ws/connection/${kept.id}`);
    expect(own.body.configuration).toMatchObject({ url: 'wss://collector.example.net/mqtt', password: null });
    // The owner may move their own connection and keep its password.
    const ownConnection = await saveConnection(owner, 'Moved by the owner', { url: 'wss://a.example.com/mqtt', clientId: 'owner-moved-2', username: 'owner', password: CUSTOM_PASSWORD });
    const { password: _ownPassword, ...ownUnchanged } = ownConnection.configuration;
    const movedByOwner = await owner.call<WsConnection>('POST', '/api/ws/connection', { id: ownConnection.id, userId: ownerId, name: ownConnection.name, configuration: { ...ownUnchanged, url: 'wss://b.example.com/mqtt' } });
    expect(movedByOwner.body.configuration).toMatchObject({ url: 'wss://b.example.com/mqtt', password: CUSTOM_PASSWORD });
  });

  it('signing in as oneself is no impersonation: the passwords are answered', async () => {
    const { client } = await signedInAsOwner(`/api/admin/user/${await signedInUserId(await adminClient())}/token`);
    const own = await saveConnection(client, 'Own one', { clientId: 'admin-own', username: 'admin', password: 'admin-own-secret' });
    expect((await client.call<WsConnection>('GET', `/api/ws/connection/${own.id}`)).body.configuration.password).toBe('admin-own-secret');
  });
});

async function adminClient(): Promise<ApiClient> {
  const admin = new ApiClient(suite.node.baseUrl);
  await admin.signIn();
  return admin;
}
