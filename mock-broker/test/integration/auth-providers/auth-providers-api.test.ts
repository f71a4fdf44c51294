import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';

const suite = useBrokerSuite();
let api: ApiClient;

interface Provider {
  id: string;
  type: string;
  enabled: boolean;
  createdTime: number;
  configuration: Record<string, unknown>;
  additionalInfo: { description: string };
}

const byType = async (type: string) => (await api.call<Provider>('GET', `/api/mqtt/auth/provider/type/${type}`)).body;
const connackOf = async (connect: { clientId: string; username?: string; password?: string }) => {
  const { client, connack } = await RawMqttClient.connect(
    { port: suite.node.mqttPort, protocolVersion: 5 },
    { clientId: connect.clientId, username: connect.username, password: connect.password === undefined ? undefined : Buffer.from(connect.password) },
  );
  client.end();
  return connack.reasonCode;
};

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

describe('the MQTT authentication providers as TBMQ 2.3 serves them', () => {
  it('lists one provider of each type, basic and X.509 on, the others off', async () => {
    const page = await api.call<{ data: { type: string; enabled: boolean; description: string }[]; totalElements: number; hasNext: boolean }>(
      'GET',
      '/api/mqtt/auth/providers?pageSize=10&page=0',
    );
    expect(page.status).toBe(200);
    expect(page.body.totalElements).toBe(5);
    expect(Object.fromEntries(page.body.data.map((provider) => [provider.type, provider.enabled]))).toEqual({ MQTT_BASIC: true, X_509: true, JWT: false, SCRAM: false, HTTP: false });
    const search = await api.call<{ data: { type: string }[] }>('GET', '/api/mqtt/auth/providers?pageSize=10&page=0&textSearch=token');
    expect(search.body.data.map((provider) => provider.type)).toEqual(['JWT']);
  });

  it('answers a provider by id and by type, 404 for an unknown id and 400 for an unknown type', async () => {
    const basic = await byType('MQTT_BASIC');
    expect(basic.configuration).toEqual({ type: 'MQTT_BASIC', authStrategy: 'CLIENT_ID_AND_USERNAME' });
    expect((await api.call<Provider>('GET', `/api/mqtt/auth/provider/${basic.id}`)).body).toEqual(basic);
    const unknown = await api.call<{ errorCode: number }>('GET', '/api/mqtt/auth/provider/3f1e2d4c-5b6a-4789-8abc-def012345678');
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 32]);
    expect((await api.call('POST', '/api/mqtt/auth/provider/3f1e2d4c-5b6a-4789-8abc-def012345678/enable')).status).toBe(404);
    expect((await api.call('GET', '/api/mqtt/auth/provider/type/KERBEROS')).status).toBe(400);
    expect((await api.call('GET', '/api/mqtt/auth/provider/basic/strategy')).body).toBe('CLIENT_ID_AND_USERNAME');
  });

  it('keeps the order as settings key mqttAuthorization, and saves a new one', async () => {
    const stored = await api.call<{ id: string; key: string; jsonValue: { priorities: string[] } }>('GET', '/api/admin/settings/mqttAuthorization');
    expect(stored.body).toMatchObject({ key: 'mqttAuthorization', jsonValue: { priorities: ['X_509', 'MQTT_BASIC', 'JWT', 'HTTP'] } });
    const saved = await api.call<{ id: string; jsonValue: { priorities: string[] } }>('POST', '/api/admin/settings', {
      ...stored.body,
      jsonValue: { priorities: ['JWT', 'MQTT_BASIC', 'X_509', 'HTTP'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: stored.body.id, jsonValue: { priorities: ['JWT', 'MQTT_BASIC', 'X_509', 'HTTP'] } });
    const twice = await api.call('POST', '/api/admin/settings', { key: 'mqttAuthorization', jsonValue: { priorities: ['JWT', 'JWT'] } });
    expect(twice.status).toBe(400);
    await api.call('POST', '/api/admin/settings', { key: 'mqttAuthorization', jsonValue: { priorities: ['X_509', 'MQTT_BASIC', 'JWT', 'HTTP'] } });
    // The mail settings are still saved through the same call.
    const mail = await api.call<{ key: string }>('GET', '/api/admin/settings/mail');
    expect(mail.body.key).toBe('mail');
  });

  it('refuses a save that cannot work, naming the field, and stores nothing of it', async () => {
    const jwt = await byType('JWT');
    const shortSecret = await api.call<{ message: string }>('POST', '/api/mqtt/auth/provider', {
      ...jwt,
      enabled: true,
      configuration: { ...jwt.configuration, jwtVerifierConfiguration: { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret: 'short' } } },
    });
    expect(shortSecret.status).toBe(400);
    expect(shortSecret.body.message).toContain('body.configuration.jwtVerifierConfiguration.jwtSignAlgorithmConfiguration.secret');
    expect((await byType('JWT')).enabled).toBe(false);
    const otherType = await api.call<{ message: string }>('POST', '/api/mqtt/auth/provider', { ...jwt, type: 'HTTP' });
    expect(otherType.status).toBe(400);
    const noId = await api.call<{ message: string }>('POST', '/api/mqtt/auth/provider', { type: 'MQTT_BASIC', configuration: { type: 'MQTT_BASIC' } });
    expect([noId.status, noId.body.message]).toEqual([400, expect.stringContaining('body.id')]);
    const http = await byType('HTTP');
    const badUrl = await api.call<{ message: string }>('POST', '/api/mqtt/auth/provider', { ...http, configuration: { ...http.configuration, restEndpointUrl: 'ftp://example.com' } });
    expect([badUrl.status, badUrl.body.message]).toEqual([400, expect.stringContaining('body.configuration.restEndpointUrl')]);
    const integration = await api.call<{ message: string }>('POST', '/api/mqtt/auth/provider', { ...http, configuration: { ...http.configuration, defaultClientType: 'INTEGRATION' } });
    expect([integration.status, integration.body.message]).toEqual([400, expect.stringContaining('body.configuration.defaultClientType')]);
  });

  it('never answers the password the broker signs in to a JWKS endpoint with, and keeps it when a save leaves it out', async () => {
    const jwt = await byType('JWT');
    const jwks = { jwtVerifierType: 'JWKS', endpoint: 'https://keys.example.com/jwks.json', refreshInterval: 600, credentials: { type: 'basic', username: 'broker', password: 'keys-secret' } };
    const saved = await api.call<Provider>('POST', '/api/mqtt/auth/provider', { ...jwt, configuration: { ...jwt.configuration, jwtVerifierConfiguration: jwks } });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('keys-secret');
    expect(saved.body.configuration.jwtVerifierConfiguration).toMatchObject({ credentials: { type: 'basic', username: 'broker' } });
    // Saved again as answered (no password): still basic, the stored password kept.
    const again = await api.call<Provider>('POST', '/api/mqtt/auth/provider', saved.body);
    expect(again.status).toBe(200);
    expect(JSON.stringify((await byType('JWT')).configuration)).not.toContain('keys-secret');
    // Back to the defaults for the other tests.
    await api.call('POST', '/api/mqtt/auth/provider', jwt);
  });
});

describe('basic and X.509 as providers over the client credentials', () => {
  beforeAll(async () => {
    await saveCredentials(api, { name: 'By client id', value: { clientId: 'meter-7', password: 'meter-pw' } });
    await saveCredentials(api, { name: 'By username', value: { userName: 'gateway', password: 'gateway-pw' } });
  });

  it('matches credentials by the strategy of the MQTT_BASIC provider', async () => {
    expect(await connackOf({ clientId: 'meter-7', username: 'meter', password: 'meter-pw' })).toBe(0);
    const basic = await byType('MQTT_BASIC');
    await api.call('POST', '/api/mqtt/auth/provider', { ...basic, configuration: { type: 'MQTT_BASIC', authStrategy: 'USERNAME' } });
    expect((await api.call('GET', '/api/mqtt/auth/provider/basic/strategy')).body).toBe('USERNAME');
    // Credentials naming a client id alone no longer let a client in (no credentials match: 0x86 with a username); those naming a username do.
    expect(await connackOf({ clientId: 'meter-7', username: 'meter', password: 'meter-pw' })).toBe(0x86);
    expect(await connackOf({ clientId: 'any-id', username: 'gateway', password: 'gateway-pw' })).toBe(0);
    await api.call('POST', '/api/mqtt/auth/provider', basic);
    expect(await connackOf({ clientId: 'meter-7', username: 'meter', password: 'meter-pw' })).toBe(0);
  });

  it('refuses every client of a disabled MQTT_BASIC provider, for new connections at once', async () => {
    const basic = await byType('MQTT_BASIC');
    expect((await api.call('POST', `/api/mqtt/auth/provider/${basic.id}/disable`)).status).toBe(200);
    expect(await connackOf({ clientId: 'gw-1', username: 'gateway', password: 'gateway-pw' })).toBe(0x86);
    const home = await api.call<{ basicAuthEnabled: boolean }>('GET', '/api/app/config');
    expect(home.body.basicAuthEnabled).toBe(false);
    expect((await api.call('POST', `/api/mqtt/auth/provider/${basic.id}/enable`)).status).toBe(200);
    expect(await connackOf({ clientId: 'gw-1', username: 'gateway', password: 'gateway-pw' })).toBe(0);
  });

  it('never takes a password longer than bcrypt reads (72 bytes) for the stored one it begins with', async () => {
    const stored = 'p'.repeat(72);
    await saveCredentials(api, { name: 'Long password', value: { userName: 'long-pw', password: stored } });
    expect(await connackOf({ clientId: 'long-1', username: 'long-pw', password: stored })).toBe(0);
    expect(await connackOf({ clientId: 'long-2', username: 'long-pw', password: `${stored}-and-more` })).toBe(0x86);
  });

  it('names the provider that let a client in in the access simulator', async () => {
    const answer = await api.call<{ allowed: boolean; authProvider?: string }>('POST', '/api/mqtt/accessSimulation', {
      clientId: 'gw-2',
      username: 'gateway',
      password: 'gateway-pw',
      topic: 'plant/1',
      action: 'PUBLISH',
    });
    expect(answer.body).toMatchObject({ allowed: true, authProvider: 'MQTT_BASIC' });
  });
});
