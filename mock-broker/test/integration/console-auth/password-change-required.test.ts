import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, DEFAULT_ADMIN } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { claimsOf, type TokenPair } from '../../support/api/users.js';

interface ErrorBody {
  status: number;
  message: string;
  errorCode: number;
}
interface User {
  id: string;
  additionalInfo: { isPasswordChanged: boolean; userPasswordHistory?: unknown };
}

let node: TestNode;

beforeAll(async () => {
  // A fresh node: the default administrator still has the password nobody chose for it.
  node = await startTestNode({}, { keepDefaultPassword: true });
});
afterAll(() => node.destroy());

/** Calls a session whose password must change may not make, and what they would have done. */
const REFUSED_CALLS: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/admin?pageSize=10&page=0'],
  ['POST', '/api/admin', { email: 'planted@example.com', password: 'planted-secret' }],
  ['GET', '/api/admin/settings/mail'],
  ['GET', '/api/system/info'],
  ['GET', '/api/admin/user/tokenAccessEnabled'],
  ['GET', '/api/user/tokenAccessEnabled'],
  ['GET', '/api/v2/client-session?pageSize=10&page=0'],
  ['POST', '/api/admin/user', { firstName: 'Renamed' }],
];

async function expectRefusedWithCode21(api: ApiClient): Promise<void> {
  for (const [method, path, body] of REFUSED_CALLS) {
    const answer = await api.call<ErrorBody>(method, path, body);
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body.errorCode, `${method} ${path}`).toBe(21);
  }
}

describe('a sign-in whose password someone else chose (spec section 2, enforced by the broker)', () => {
  it('with the default password may read its user and the broker config, and nothing else', async () => {
    const api = new ApiClient(node.baseUrl);
    const pair = await api.signIn(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password);
    expect(claimsOf(pair.token)).toMatchObject({ passwordChangeRequired: true, scopes: ['SYS_ADMIN'] });

    const user = await api.call<User>('GET', '/api/auth/user');
    expect(user.status).toBe(200);
    // One entry in the history, answered as TBMQ does: the console shows its forced-change screen too.
    expect(user.body.additionalInfo.isPasswordChanged).toBe(false);
    expect(user.body.additionalInfo).not.toHaveProperty('userPasswordHistory');
    expect((await api.call('GET', '/api/app/config')).status).toBe(200);
    await expectRefusedWithCode21(api);
    for (const path of [`/api/admin/user/${user.body.id}/token`, `/api/user/${user.body.id}/token`]) {
      expect((await api.call<ErrorBody>('GET', path)).body.errorCode, path).toBe(21);
    }

    // Its refresh token renews the pair, still restricted.
    const renewed = await api.call<TokenPair>('POST', '/api/auth/token', { refreshToken: pair.refreshToken });
    expect(renewed.status).toBe(200);
    api.token = renewed.body.token;
    expect((await api.call<ErrorBody>('GET', '/api/admin?pageSize=10&page=0')).body.errorCode).toBe(21);
  });

  it('may not "change" the password to itself', async () => {
    const api = new ApiClient(node.baseUrl);
    await api.signIn(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password);
    const same = await api.call<ErrorBody>('POST', '/api/auth/changePassword', { currentPassword: 'sysadmin', newPassword: 'sysadmin' });
    expect(same.status).toBe(400);
    expect(same.body.errorCode).toBe(30);
    expect(same.body.message).toMatch(/^body\.newPassword/);
    await expectRefusedWithCode21(api);
  });

  it('gets full tokens from the password change, and nothing the restricted session tried was done', async () => {
    const api = new ApiClient(node.baseUrl);
    const first = await api.signIn(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password);
    const changed = await api.call<TokenPair>('POST', '/api/auth/changePassword', { currentPassword: 'sysadmin', newPassword: 'Harbour-lights-42' });
    expect(changed.status).toBe(200);
    expect(claimsOf(changed.body.token)).not.toHaveProperty('passwordChangeRequired');

    api.token = changed.body.token;
    const users = await api.call<{ data: { email: string }[] }>('GET', '/api/admin?pageSize=50&page=0');
    expect(users.status).toBe(200);
    expect(users.body.data.map((user) => user.email)).toEqual(['sysadmin@starling.local']);
    const settled = (await api.call<User & { firstName: string | null }>('GET', '/api/auth/user')).body;
    expect(settled).toMatchObject({ firstName: null, additionalInfo: { isPasswordChanged: true } });
    expect((await api.call('GET', '/api/system/info')).status).toBe(200);
    // The restricted token ended with the change.
    api.token = first.token;
    expect((await api.call<ErrorBody>('GET', '/api/auth/user')).body.errorCode).toBe(11);

    const again = new ApiClient(node.baseUrl);
    const signedIn = await again.signIn('sysadmin@starling.local', 'Harbour-lights-42');
    expect(claimsOf(signedIn.token)).not.toHaveProperty('passwordChangeRequired');
  });

  it('applies to a user whose password an administrator typed in, until that user changes it', async () => {
    const admin = new ApiClient(node.baseUrl);
    await admin.signIn('sysadmin@starling.local', 'Harbour-lights-42');
    expect((await admin.call('POST', '/api/admin', { email: 'new-operator@example.com', password: 'typed-by-admin' })).status).toBe(200);

    const operator = new ApiClient(node.baseUrl);
    await operator.signIn('new-operator@example.com', 'typed-by-admin');
    await expectRefusedWithCode21(operator);
    const changed = await operator.call<TokenPair>('POST', '/api/auth/changePassword', { currentPassword: 'typed-by-admin', newPassword: 'my-own-secret' });
    operator.token = changed.body.token;
    expect((await operator.call('GET', '/api/admin?pageSize=10&page=0')).status).toBe(200);
  });

  it('applies again when an administrator types in a new password for a user who had chosen one', async () => {
    const admin = new ApiClient(node.baseUrl);
    await admin.signIn('sysadmin@starling.local', 'Harbour-lights-42');
    const operator = new ApiClient(node.baseUrl);
    await operator.signIn('new-operator@example.com', 'my-own-secret');
    const { id } = (await operator.call<User>('GET', '/api/auth/user')).body;
    expect((await admin.call('POST', '/api/admin', { id, email: 'new-operator@example.com', password: 'typed-again-by-admin' })).status).toBe(200);

    await operator.signIn('new-operator@example.com', 'typed-again-by-admin');
    expect((await operator.call<User>('GET', '/api/auth/user')).body.additionalInfo.isPasswordChanged).toBe(false);
    await expectRefusedWithCode21(operator);
  });

  it('does not apply when administrators set their own password through the users page', async () => {
    const admin = new ApiClient(node.baseUrl);
    await admin.signIn('sysadmin@starling.local', 'Harbour-lights-42');
    const me = (await admin.call<User>('GET', '/api/auth/user')).body;
    expect((await admin.call('POST', '/api/admin', { id: me.id, email: 'sysadmin@starling.local', password: 'Harbour-lights-43' })).status).toBe(200);
    const signedIn = await new ApiClient(node.baseUrl).signIn('sysadmin@starling.local', 'Harbour-lights-43');
    expect(claimsOf(signedIn.token)).not.toHaveProperty('passwordChangeRequired');
  });
});
