import { beforeAll, describe, expect, it } from 'vitest';
import { Contract, type ContractOperation } from '../../../src/http/contract.js';
import { ApiClient, type ApiAnswer } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { signedInUserWithRole, type UserWithRole } from '../../support/api/roles.js';
import { eventually } from '../../support/checks/waits.js';
import { postConnection, wsConfiguration } from '../../support/api/ws-connections.js';

// openapi.yaml "Changes and roles": a READ_ONLY account may call every operation that changes
// nothing and those marked x-starling-own-account; every other change answers 403 with errorCode 20
// and changes nothing. The lists below are read from the contract itself, call by call.

interface ErrorBody {
  errorCode: number;
  message: string;
}

const suite = useBrokerSuite();
let admin: ApiClient;
let viewer: ApiClient;
let viewerUser: UserWithRole;
let adminUser: UserWithRole;

beforeAll(async () => {
  admin = new ApiClient(suite.node.baseUrl);
  await admin.signIn();
  adminUser = (await admin.call<UserWithRole>('GET', '/api/auth/user')).body;
  ({ api: viewer, user: viewerUser } = await signedInUserWithRole(admin, 'viewer@example.com', 'READ_ONLY'));
});

const authenticated = Contract.load().operations.filter((operation) => operation.requiresAuthentication);
const named = (operations: ContractOperation[]) => operations.map((operation) => [`${operation.method} ${operation.pathTemplate}`, operation] as const);
const writing = named(authenticated.filter((operation) => !operation.allowsReadOnlyAccount));
const allowed = named(authenticated.filter((operation) => operation.allowsReadOnlyAccount));

/** The call with its path filled in (the admin's own id where a user's is asked, so the call would act on something real) and a body when it takes one. */
function plausibleCall(operation: ContractOperation): [string, string, unknown] {
  const path = operation.pathTemplate.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === 'id' && operation.pathTemplate.includes('admin') ? adminUser.id : `some-${name}`));
  return [operation.method, path, operation.validateBody ? { name: 'read-only attempt', email: 'attempt@example.com' } : undefined];
}

describe('a read-only account, tried on every operation of the contract that changes something', () => {
  it('has a list of such operations that holds the users page, the credentials and signing in as another user', () => {
    const calls = writing.map(([call]) => call);
    expect(calls).toEqual(expect.arrayContaining(['POST /api/admin', 'DELETE /api/admin/{id}', 'GET /api/admin/user/{id}/token', 'DELETE /api/mqtt/client/credentials/{id}', 'POST /api/admin/securitySettings']));
    expect(calls).not.toContain('POST /api/auth/changePassword');
  });

  it.each(writing)('%s answers 403 with errorCode 20 and says the account is read-only', async (_call, operation) => {
    const answer = await viewer.call<ErrorBody>(...plausibleCall(operation));
    expect(answer.status).toBe(403);
    expect(answer.body.errorCode).toBe(20);
    expect(answer.body.message).toMatch(/read-only/);
  });
});

describe('a read-only account, on every operation it may call', () => {
  it.each(allowed)('%s is not refused for the role', async (_call, operation) => {
    // Placeholders answer 400 or 404 for many; what matters is that the role is not the reason.
    const answer = await viewer.call<ErrorBody | undefined>(...plausibleCall(operation));
    expect(answer.body?.errorCode).not.toBe(20);
  });
});

interface Attempt {
  name: string;
  request: () => [string, string, unknown];
  /** Whether the change took effect, read back through the API or the broker. */
  changed: () => Promise<boolean>;
}

/** The same request, from the read-only account (refused, nothing changed), then from an administrator (done): so the request was one that changes something. */
async function refusedThenDone(attempt: Attempt): Promise<void> {
  const refused: ApiAnswer<ErrorBody> = await viewer.call<ErrorBody>(...attempt.request());
  expect(refused.status, attempt.name).toBe(403);
  expect(refused.body.errorCode).toBe(20);
  expect(await attempt.changed(), `${attempt.name}: changed by the refused call`).toBe(false);
  const done = await admin.call(...attempt.request());
  expect(done.status, `${attempt.name} by an administrator: ${JSON.stringify(done.body)}`).toBe(200);
  await eventually(async () => expect(await attempt.changed(), `${attempt.name}: changed by the administrator`).toBe(true));
}

describe('what a refused call leaves as it was', () => {
  it('users: none created, none promoted, none deleted, no token for another user', async () => {
    const spare = (await admin.call<UserWithRole>('POST', '/api/admin', { email: 'spare@example.com' })).body;
    const userWith = async (email: string) => (await admin.call<{ data: UserWithRole[] }>('GET', `/api/admin?pageSize=10&page=0&textSearch=${encodeURIComponent(email)}`)).body.data[0];
    await refusedThenDone({
      name: 'create a user',
      request: () => ['POST', '/api/admin', { email: 'created-by-request@example.com' }],
      changed: async () => (await userWith('created-by-request@example.com')) !== undefined,
    });
    await refusedThenDone({
      name: 'make the read-only account an administrator',
      request: () => ['POST', '/api/admin', { ...viewerUser, role: 'ADMIN' }],
      changed: async () => (await userWith(viewerUser.email))?.role === 'ADMIN',
    });
    // Read-only again for the rest of the file.
    expect((await admin.call('POST', '/api/admin', { ...viewerUser, role: 'READ_ONLY' })).status).toBe(200);
    await refusedThenDone({
      name: 'delete a user',
      request: () => ['DELETE', `/api/admin/${spare.id}`, undefined],
      changed: async () => (await userWith(spare.email)) === undefined,
    });
    const token = await viewer.call<ErrorBody>('GET', `/api/admin/user/${adminUser.id}/token`);
    expect(token.status).toBe(403);
    expect(token.body).not.toHaveProperty('token');
  });

  it('settings: the security settings and the outgoing mail settings unchanged', async () => {
    const security = async () => (await admin.call<{ maxFailedSignIns: number }>('GET', '/api/admin/securitySettings')).body;
    const before = await security();
    await refusedThenDone({
      name: 'save the security settings',
      request: () => ['POST', '/api/admin/securitySettings', { ...before, maxFailedSignIns: before.maxFailedSignIns + 3 }],
      changed: async () => (await security()).maxFailedSignIns === before.maxFailedSignIns + 3,
    });
    const mail = async () => (await admin.call<{ jsonValue: { mailFrom: string } }>('GET', '/api/admin/settings/mail')).body;
    const mailBefore = await mail();
    await refusedThenDone({
      name: 'save the mail settings',
      request: () => ['POST', '/api/admin/settings', { ...mailBefore, jsonValue: { ...mailBefore.jsonValue, mailFrom: 'changed-by-request@example.com' } }],
      changed: async () => (await mail()).jsonValue.mailFrom === 'changed-by-request@example.com',
    });
  });

  it('the broker: a retained message, a connected client and its credentials all stay', async () => {
    const credentials = await saveCredentials(admin, { value: { clientId: 'kept-device', userName: 'kept-user', password: 'kept-password-1' } });
    const device = await suite.clients.connect({ clientId: 'kept-device', username: 'kept-user', password: 'kept-password-1' });
    await device.publishAsync('kept/reading', '42', { qos: 1, retain: true });
    const retained = () => suite.node.mqtt.broker.persistence.retainedMessages.get('kept/reading');
    await eventually(() => expect(retained()).toBeDefined());
    await refusedThenDone({
      name: 'delete a retained message',
      request: () => ['DELETE', '/api/retained-msg?topicName=kept%2Freading', undefined],
      changed: async () => retained() === undefined,
    });
    const sessionId = suite.node.mqtt.sessions.get('kept-device')?.sessionId ?? 'none';
    await refusedThenDone({
      name: 'disconnect a client',
      request: () => ['DELETE', `/api/client-session/disconnect?clientId=kept-device&sessionId=${sessionId}`, undefined],
      changed: async () => !device.connected,
    });
    await refusedThenDone({
      name: 'delete client credentials',
      request: () => ['DELETE', `/api/mqtt/client/credentials/${credentials.id}`, undefined],
      changed: async () => (await admin.call('GET', `/api/mqtt/client/credentials/${credentials.id}`)).status === 404,
    });
  });
});

describe('what a read-only account may still do', () => {
  it('reads the pages and changes its own password, profile and web-socket client workspace', async () => {
    expect((await viewer.call('GET', '/api/admin?pageSize=10&page=0')).status).toBe(200);
    expect((await viewer.call('GET', '/api/mqtt/client/credentials?pageSize=10&page=0')).status).toBe(200);
    expect((await viewer.call('GET', '/api/admin/securitySettings')).status).toBe(200);
    const profile = await viewer.call<{ firstName: string }>('POST', '/api/admin/user', { firstName: 'Reader' });
    expect(profile.body.firstName).toBe('Reader');
    const connection = await postConnection(viewer, { name: 'Viewer connection', configuration: wsConfiguration({ clientId: 'viewer-ws', username: 'viewer' }) });
    expect(connection.status).toBe(200);
    const subscription = await viewer.call<{ id: string }>('POST', '/api/ws/subscription', { webSocketConnectionId: connection.body.id, configuration: { topicFilter: 'kept/#', qos: 1, color: '#ff0000' } });
    expect(subscription.status).toBe(200);
    expect((await viewer.call('DELETE', `/api/ws/subscription/${subscription.body.id}`)).status).toBe(200);
    expect((await viewer.call('DELETE', `/api/ws/connection/${connection.body.id}`)).status).toBe(200);
    const changed = await viewer.call<{ token: string }>('POST', '/api/auth/changePassword', { currentPassword: 'viewer@example.com-chosen-1', newPassword: 'viewer-chosen-2' });
    expect(changed.status).toBe(200);
    viewer.token = changed.body.token;
  });
});
