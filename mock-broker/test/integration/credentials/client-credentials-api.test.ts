import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { saveCredentials, valueOf, type SavedCredentials } from '../../support/api/client-credentials.js';

const suite = useBrokerSuite();
let api: ApiClient;

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

interface ErrorAnswer {
  status: number;
  errorCode: number;
  message: string;
}

const post = (value: unknown, extra: Record<string, unknown> = {}) =>
  api.call<ErrorAnswer>('POST', '/api/mqtt/client/credentials', {
    name: 'Refused',
    clientType: 'DEVICE',
    credentialsType: 'MQTT_BASIC',
    credentialsValue: typeof value === 'string' ? value : JSON.stringify(value),
    ...extra,
  });

describe('client credentials API', () => {
  it('starts open: anonymous access AUTO, allowed while no credentials exist, shown in the broker config', async () => {
    expect((await api.call('GET', '/api/mqtt/anonymousAccess')).body).toEqual({ mode: 'AUTO', allowed: true, pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] });
    expect((await api.call('GET', '/api/app/config')).body).toMatchObject({
      anonymousAccessMode: 'AUTO',
      anonymousAccessAllowed: true,
      basicAuthEnabled: true,
      existsBasicCredentials: false,
      existsX509Credentials: false,
    });
  });

  it('creates MQTT_BASIC credentials: password never answered, rules default to every topic, AUTO closes anonymous access', async () => {
    const saved = await saveCredentials(api, { name: 'Thermostat', value: { clientId: null, userName: 'thermo', password: 'pw-1' } });
    // As a production broker answers: the password null in the value, whether one is set in additionalInfo.
    expect(saved).toMatchObject({ name: 'Thermostat', clientType: 'DEVICE', credentialsType: 'MQTT_BASIC', additionalInfo: { mqttBasicPasswordIsSet: true } });
    expect((await api.call('GET', '/api/app/config')).body).toMatchObject({ existsBasicCredentials: true, existsX509Credentials: false, existsScramCredentials: false });
    expect(valueOf(saved)).toEqual({
      clientId: null,
      userName: 'thermo',
      password: null,
      authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] },
    });
    expect(JSON.stringify((await api.call('GET', `/api/mqtt/client/credentials/${saved.id}`)).body)).not.toContain('pw-1');
    expect((await api.call('GET', '/api/mqtt/anonymousAccess')).body).toMatchObject({ mode: 'AUTO', allowed: false });
  });

  it.each([
    ['not JSON', '{oops', 'body.credentialsValue is not valid JSON'],
    ['neither client id nor user name', { password: 'x' }, 'body.credentialsValue.userName or clientId is required'],
    ['an invalid publish pattern', { userName: 'u-bad', authRules: { pubAuthRulePatterns: ['ok/.*', 'broken/('] } }, 'body.credentialsValue.authRules.pubAuthRulePatterns[1] is not a valid regular expression'],
    ['an empty password', { userName: 'u-empty', password: '' }, 'body.credentialsValue.password must not be empty'],
  ])('refuses %s with 400, code 30, naming the field', async (_case, value, message) => {
    const answer = await post(value);
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(30);
    expect(answer.body.message).toContain(message);
  });

  it('refuses an invalid X.509 pattern and a missing name by the contract (code 31)', async () => {
    const regex = await post({ certCnPattern: 'sensor-(', certCnIsRegex: true }, { credentialsType: 'X_509' });
    expect(regex.body).toMatchObject({ status: 400, errorCode: 30 });
    expect(regex.body.message).toContain('body.credentialsValue.certCnPattern is not a valid regular expression');
    const unnamed = await api.call<ErrorAnswer>('POST', '/api/mqtt/client/credentials', { clientType: 'DEVICE', credentialsType: 'MQTT_BASIC', credentialsValue: '{}' });
    expect(unnamed.body).toMatchObject({ status: 400, errorCode: 31, message: expect.stringContaining('body.name is required') });
  });

  it('refuses a second entry for the same client id and user name with 409', async () => {
    await saveCredentials(api, { name: 'Original', value: { clientId: 'dup-client', userName: 'dup-user' } });
    const answer = await post({ clientId: 'dup-client', userName: 'dup-user' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('"Original" already have this client id and user name');
  });

  it('updates: a password left out or null (as answered) is kept; description in additionalInfo', async () => {
    const saved = await saveCredentials(api, { name: 'Keeper', value: { userName: 'keeper', password: 'secret' } });
    const kept = await saveCredentials(api, { id: saved.id, name: 'Keeper 2', clientType: 'APPLICATION', value: { userName: 'keeper' } });
    expect(kept).toMatchObject({ id: saved.id, createdTime: saved.createdTime, name: 'Keeper 2', clientType: 'APPLICATION', additionalInfo: { mqttBasicPasswordIsSet: true } });
    const echoed = await api.call<SavedCredentials>('POST', '/api/mqtt/client/credentials', {
      id: saved.id,
      name: 'Keeper 2',
      clientType: 'APPLICATION',
      credentialsType: 'MQTT_BASIC',
      credentialsValue: kept.credentialsValue,
      additionalInfo: { description: 'still locked' },
    });
    expect(echoed.body.additionalInfo).toEqual({ description: 'still locked', mqttBasicPasswordIsSet: true });
  });

  it('answers X.509 credentials with additionalInfo null when there is no description, and refuses an unknown credentials type', async () => {
    const x509 = await saveCredentials(api, { name: 'Door camera', credentialsType: 'X_509', value: { certCnPattern: 'door-cam' } });
    expect(x509.additionalInfo).toBeNull();
    const unknown = await post({ userName: 'psk-user' }, { credentialsType: 'PSK' });
    expect(unknown.body).toMatchObject({ status: 400, message: expect.stringContaining('body.credentialsType') });
  });

  it('changes a password only with the current one', async () => {
    const saved = await saveCredentials(api, { name: 'Rotating', value: { userName: 'rotating', password: 'first' } });
    const wrong = await api.call<ErrorAnswer>('POST', `/api/mqtt/client/credentials/${saved.id}`, { currentPassword: 'nope', newPassword: 'second' });
    expect(wrong.body).toMatchObject({ status: 400, errorCode: 30, message: 'body.currentPassword does not match the current password' });
    const none = await api.call<ErrorAnswer>('POST', `/api/mqtt/client/credentials/${saved.id}`, { newPassword: 'second' });
    expect(none.status).toBe(400);
    // The answer is the credentials, as a production broker's.
    const right = await api.call<SavedCredentials>('POST', `/api/mqtt/client/credentials/${saved.id}`, { currentPassword: 'first', newPassword: 'second' });
    expect(right.body).toMatchObject({ id: saved.id, name: 'Rotating', additionalInfo: { mqttBasicPasswordIsSet: true } });
    const missing = await api.call('POST', '/api/mqtt/client/credentials/no-such-id', { currentPassword: 'a', newPassword: 'b' });
    expect(missing.status).toBe(404);
  });

  it('lists a page with comma-joined type filters and a text search over name, client id and user name', async () => {
    await saveCredentials(api, { name: 'Dashboard app', clientType: 'APPLICATION', value: { clientId: 'dashboard-1' } });
    await saveCredentials(api, { name: 'Gate camera', credentialsType: 'X_509', value: { certCnPattern: 'gate-cam' } });
    type Page = { data: SavedCredentials[]; totalElements: number; totalPages: number; hasNext: boolean };
    const apps = await api.call<Page>('GET', '/api/v2/mqtt/client/credentials?pageSize=50&page=0&clientTypeList=APPLICATION');
    expect(apps.body.data.every((entry) => entry.clientType === 'APPLICATION')).toBe(true);
    expect(apps.body.data.map((entry) => entry.name)).toContain('Dashboard app');
    const both = await api.call<Page>('GET', '/api/v2/mqtt/client/credentials?pageSize=50&page=0&credentialsTypeList=X_509,MQTT_BASIC&textSearch=DASHBOARD-');
    expect(both.body.data.map((entry) => entry.name)).toEqual(['Dashboard app']);
    const x509 = await api.call<Page>('GET', '/api/v2/mqtt/client/credentials?pageSize=1&page=0&credentialsTypeList=X_509&sortProperty=name&sortOrder=ASC');
    expect(x509.body).toMatchObject({ totalElements: 2, totalPages: 2, hasNext: true, data: [{ name: 'Door camera' }] });
    // List items are short, as a production broker's: the value is read one by one.
    expect(x509.body.data[0]).not.toHaveProperty('credentialsValue');
    const badFilter = await api.call<ErrorAnswer>('GET', '/api/v2/mqtt/client/credentials?pageSize=5&page=0&clientTypeList=DEVICE,ROBOT');
    expect(badFilter.body).toMatchObject({ status: 400, errorCode: 31, message: expect.stringContaining('query.clientTypeList.1') });
  });

  it('finds credentials by name, or answers a page without the v2 filters, at the path production brokers serve both', async () => {
    const saved = await saveCredentials(api, { name: 'Named once', value: { clientId: 'named-once' } });
    expect((await api.call<SavedCredentials>('GET', '/api/mqtt/client/credentials?name=Named%20once')).body).toMatchObject({ id: saved.id, credentialsValue: saved.credentialsValue });
    expect((await api.call('GET', '/api/mqtt/client/credentials?name=nobody')).status).toBe(404);
    const page = await api.call<{ data: SavedCredentials[] }>('GET', '/api/mqtt/client/credentials?pageSize=50&page=0&textSearch=named-once');
    expect(page.body.data.map((entry) => entry.name)).toEqual(['Named once']);
    expect((await api.call<ErrorAnswer>('GET', '/api/mqtt/client/credentials')).body).toMatchObject({ status: 400, message: expect.stringContaining('query.pageSize') });
  });

  it('counts credentials by client type and deletes them', async () => {
    type Counts = { deviceCredentialsCount: number; applicationCredentialsCount: number; totalCount: number };
    const before = (await api.call<Counts>('GET', '/api/mqtt/client/credentials/info')).body;
    expect(before.totalCount).toBe(before.deviceCredentialsCount + before.applicationCredentialsCount);
    const saved = await saveCredentials(api, { name: 'Short-lived', clientType: 'APPLICATION', value: { clientId: 'short-lived' } });
    expect((await api.call<Counts>('GET', '/api/mqtt/client/credentials/info')).body.applicationCredentialsCount).toBe(before.applicationCredentialsCount + 1);
    expect((await api.call('DELETE', `/api/mqtt/client/credentials/${saved.id}`)).status).toBe(200);
    expect((await api.call('GET', `/api/mqtt/client/credentials/${saved.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/api/mqtt/client/credentials/${saved.id}`)).status).toBe(404);
  });

  it('sets anonymous access explicitly', async () => {
    expect((await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'ALLOWED' })).body).toMatchObject({ mode: 'ALLOWED', allowed: true });
    expect((await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'AUTO' })).body).toMatchObject({ mode: 'AUTO', allowed: false });
    expect((await api.call<ErrorAnswer>('POST', '/api/mqtt/anonymousAccess', { mode: 'SOMETIMES' })).status).toBe(400);
  });
});
