import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { setRole, signedInUserWithRole, type UserWithRole } from '../../support/api/roles.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

// openapi.yaml "Changes and roles", UserRole, AdminUserSave.role: what an administrator sets on the
// users page and how soon it holds.

interface ErrorBody {
  errorCode: number;
  message: string;
}

let node: TestNode;
let admin: ApiClient;
let adminUser: UserWithRole;

beforeAll(async () => {
  node = await startTestNode();
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
  adminUser = (await admin.call<UserWithRole>('GET', '/api/auth/user')).body;
});
afterAll(() => node.destroy());

describe('a user\'s role', () => {
  it('is ADMIN for the default administrator and for a user created without one, and is answered wherever a user is', async () => {
    expect(adminUser.role).toBe('ADMIN');
    const created = await admin.call<UserWithRole>('POST', '/api/admin', { email: 'default-role@example.com' });
    expect(created.body.role).toBe('ADMIN');
    const page = await admin.call<{ data: UserWithRole[] }>('GET', '/api/admin?pageSize=100&page=0&textSearch=default-role');
    expect(page.body.data.map((user) => user.role)).toEqual(['ADMIN']);
    expect((await admin.call<UserWithRole>('GET', `/api/admin/user/${created.body.id}`)).body.role).toBe('ADMIN');
  });

  it('is set on creation and kept by an update that leaves it out', async () => {
    const { user, api } = await signedInUserWithRole(admin, 'viewer-kept@example.com', 'READ_ONLY');
    expect(user.role).toBe('READ_ONLY');
    expect((await api.call<UserWithRole>('GET', '/api/auth/user')).body.role).toBe('READ_ONLY');
    const renamed = await admin.call<UserWithRole>('POST', '/api/admin', { id: user.id, email: user.email, firstName: 'Vera' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.role).toBe('READ_ONLY');
  });

  it('cannot be changed by the user through its own profile', async () => {
    const { api } = await signedInUserWithRole(admin, 'viewer-profile@example.com', 'READ_ONLY');
    const saved = await api.call<UserWithRole & { firstName: string }>('POST', '/api/admin/user', { firstName: 'Pat', role: 'ADMIN' });
    expect(saved.status).toBe(200);
    expect(saved.body.firstName).toBe('Pat');
    expect(saved.body.role).toBe('READ_ONLY');
    expect((await api.call<ErrorBody>('POST', '/api/admin', { email: 'made-by-viewer@example.com' })).status).toBe(403);
  });

  it('holds for an administrator signed in as a read-only user: the session acts as that user', async () => {
    const { user } = await signedInUserWithRole(admin, 'viewer-impersonated@example.com', 'READ_ONLY');
    const tokens = await admin.call<{ token: string }>('GET', `/api/admin/user/${user.id}/token`);
    const asViewer = new ApiClient(node.baseUrl);
    asViewer.token = tokens.body.token;
    const refused = await asViewer.call<ErrorBody>('POST', '/api/admin', { email: 'made-as-viewer@example.com' });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe(20);
  });

  it('decides whether signing in as another user is offered: not to a read-only account', async () => {
    const { api } = await signedInUserWithRole(admin, 'viewer-token-access@example.com', 'READ_ONLY');
    expect((await api.call<boolean>('GET', '/api/admin/user/tokenAccessEnabled')).body).toBe(false);
    expect((await api.call<boolean>('GET', '/api/user/tokenAccessEnabled')).body).toBe(false);
    expect((await admin.call<boolean>('GET', '/api/admin/user/tokenAccessEnabled')).body).toBe(true);
  });

  it('holds from the next call made with the same token when an administrator changes it', async () => {
    const { user, api } = await signedInUserWithRole(admin, 'demoted@example.com', 'ADMIN');
    expect((await api.call('POST', '/api/admin', { email: 'before-demotion@example.com' })).status).toBe(200);
    expect((await setRole(admin, user, 'READ_ONLY')).body.role).toBe('READ_ONLY');
    const refused = await api.call<ErrorBody>('POST', '/api/admin', { email: 'after-demotion@example.com' });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe(20);
    // The token itself still works: reading goes on without signing in again.
    expect((await api.call<UserWithRole>('GET', '/api/auth/user')).body.role).toBe('READ_ONLY');
    expect((await setRole(admin, { ...user, role: 'READ_ONLY' }, 'ADMIN')).status).toBe(200);
    expect((await api.call('POST', '/api/admin', { email: 'after-promotion@example.com' })).status).toBe(200);
  });

  it('of the last administrator cannot be taken away: 409 naming body.role, and the user stays an administrator', async () => {
    const { user: second, api: secondApi } = await signedInUserWithRole(admin, 'second-admin@example.com', 'ADMIN');
    // Demote every other administrator but the default one, so that it is the last.
    const others = (await admin.call<{ data: UserWithRole[] }>('GET', '/api/admin?pageSize=100&page=0')).body.data.filter((user) => user.role === 'ADMIN' && user.id !== adminUser.id && user.id !== second.id);
    for (const other of others) expect((await setRole(admin, other, 'READ_ONLY')).status).toBe(200);
    // With two administrators, one may step down itself.
    expect((await setRole(secondApi, second, 'READ_ONLY')).status).toBe(200);
    const refused = await setRole(admin, adminUser, 'READ_ONLY');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('body.role');
    expect((await admin.call<UserWithRole>('GET', '/api/auth/user')).body.role).toBe('ADMIN');
    expect((await admin.call('POST', '/api/admin', { email: 'still-admin@example.com' })).status).toBe(200);
    for (const other of others) await setRole(admin, { ...other, role: 'READ_ONLY' }, 'ADMIN');
  });

  it('leaves one administrator when two delete each other at once', async () => {
    const first = await signedInUserWithRole(admin, 'duel-a@example.com', 'ADMIN');
    const second = await signedInUserWithRole(admin, 'duel-b@example.com', 'ADMIN');
    // Everyone else steps aside: only these two are administrators.
    const others = (await admin.call<{ data: UserWithRole[] }>('GET', '/api/admin?pageSize=100&page=0')).body.data.filter((user) => user.role === 'ADMIN' && user.id !== first.user.id && user.id !== second.user.id);
    for (const other of others) expect((await setRole(first.api, other, 'READ_ONLY')).status).toBe(200);
    const answers = await Promise.all([first.api.call('DELETE', `/api/admin/${second.user.id}`), second.api.call('DELETE', `/api/admin/${first.user.id}`)]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The other is refused for the rule (409), or because its own account is gone by then (401).
    expect([401, 409]).toContain(statuses.find((status) => status !== 200));
    const survivor = answers[0]?.status === 200 ? first : second;
    const administrators = (await survivor.api.call<{ data: UserWithRole[] }>('GET', '/api/admin?pageSize=100&page=0')).body.data.filter((user) => user.role === 'ADMIN');
    expect(administrators.map((user) => user.id)).toEqual([survivor.user.id]);
    for (const other of others) await setRole(survivor.api, { ...other, role: 'READ_ONLY' }, 'ADMIN');
  });

  it('is a Starling extension the broker lists', async () => {
    const answer = await admin.call<{ extensions: string[] }>('GET', '/api/starling/extensions');
    expect(answer.body.extensions).toContain('roles');
  });
});

describe('roles across a restart', () => {
  it('are kept: a read-only account is still refused changes after the node starts again', async () => {
    const { user } = await signedInUserWithRole(admin, 'viewer-restart@example.com', 'READ_ONLY', 'viewer-restart-pass-1');
    await node.close();
    node = await startTestNode({ dataDir: node.dataDir });
    admin = new ApiClient(node.baseUrl);
    await admin.signIn();
    expect((await admin.call<UserWithRole>('GET', `/api/admin/user/${user.id}`)).body.role).toBe('READ_ONLY');
    const viewer = new ApiClient(node.baseUrl);
    await viewer.signIn(user.email, 'viewer-restart-pass-1');
    const refused = await viewer.call<ErrorBody>('POST', '/api/admin', { email: 'after-restart@example.com' });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe(20);
  });
});
