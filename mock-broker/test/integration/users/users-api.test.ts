import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { createSettledUser } from '../../support/api/users.js';

let node: TestNode;
let admin: ApiClient;

interface User {
  id: string;
  email: string;
  authority: string;
  firstName: string | null;
  lastName: string | null;
  createdTime: number;
  additionalInfo: { lang?: string; lastLoginTs?: number; isPasswordChanged: boolean };
  /** Only in the answer that created the user without a password. */
  initialPassword?: string;
}
interface Page {
  data: User[];
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}
interface ErrorBody {
  errorCode: number;
  message: string;
}

beforeAll(async () => {
  node = await startTestNode();
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
});
afterAll(() => node.destroy());

async function createUser(email: string, extra: Record<string, unknown> = {}): Promise<User> {
  const answer = await admin.call<User>('POST', '/api/admin', { email, ...extra });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('users (spec: /api/admin…)', () => {
  it('creates a user with a one-time password when none is given, who must change it', async () => {
    const user = await createUser('operator@example.com', { firstName: 'Olga', lastName: 'Operator' });
    expect(user).toMatchObject({ email: 'operator@example.com', firstName: 'Olga', lastName: 'Operator' });
    // One history entry, answered as TBMQ does: the console forces a change of the password somebody else chose.
    expect(user.additionalInfo).toEqual({ isPasswordChanged: false });
    const asOperator = new ApiClient(node.baseUrl);
    await asOperator.signIn('operator@example.com', user.initialPassword ?? '');
    expect((await asOperator.call<User>('GET', '/api/auth/user')).body.id).toBe(user.id);
  });

  it('refuses a second user with the same e-mail, naming the field, and keeps the first', async () => {
    await createUser('unique@example.com', { firstName: 'First' });
    const answer = await admin.call<ErrorBody>('POST', '/api/admin', { email: 'UNIQUE@example.com', firstName: 'Second' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ errorCode: 30 });
    expect(answer.body.message).toContain('body.email');
    const found = await admin.call<Page>('GET', '/api/admin?pageSize=10&page=0&textSearch=unique');
    expect(found.body.data.map((user) => user.firstName)).toEqual(['First']);
  });

  it('refuses an e-mail that is not one', async () => {
    const answer = await admin.call<ErrorBody>('POST', '/api/admin', { email: 'not-an-address' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('body.email must match format "email"');
  });

  it('pages, searches and sorts', async () => {
    for (const name of ['Carla', 'anton', 'Bert']) await createUser(`${name.toLowerCase()}@paging.test`, { firstName: name });
    const sorted = await admin.call<Page>('GET', '/api/admin?pageSize=2&page=0&textSearch=paging.test&sortProperty=firstName&sortOrder=ASC');
    expect(sorted.body).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    expect(sorted.body.data.map((user) => user.firstName)).toEqual(['anton', 'Bert']);
    const second = await admin.call<Page>('GET', '/api/admin?pageSize=2&page=1&textSearch=paging.test&sortProperty=firstName&sortOrder=ASC');
    expect(second.body.data.map((user) => user.firstName)).toEqual(['Carla']);
    expect(second.body.hasNext).toBe(false);
    const wildcard = await admin.call<Page>('GET', '/api/admin?pageSize=10&page=0&textSearch=%25');
    expect(wildcard.body.totalElements).toBe(0);
  });

  it('answers names that were never given as null, as TBMQ does, and clears them with null', async () => {
    const user = await createUser('nameless@example.com');
    expect(user).toMatchObject({ firstName: null, lastName: null });
    const named = await admin.call<User>('POST', '/api/admin', { id: user.id, email: user.email, firstName: 'Nora', lastName: '  ' });
    expect(named.body).toMatchObject({ firstName: 'Nora', lastName: null });
    const cleared = await admin.call<User>('POST', '/api/admin', { ...named.body, firstName: null });
    expect(cleared.body).toMatchObject({ firstName: null, lastName: null });
  });

  it('updates names and language from the whole user sent back, without letting the body forge what the server keeps', async () => {
    // The one-time password is the creation's answer only: the user sent back and answered is the rest.
    const { initialPassword: _shownOnce, ...user } = await createUser('editable@example.com');
    const answer = await admin.call<User>('POST', '/api/admin', {
      ...user,
      createdTime: 0,
      firstName: 'Edited',
      additionalInfo: { lang: 'de_DE', isPasswordChanged: true, lastLoginTs: 1, userPasswordHistory: [{ ts: 1 }, { ts: 2 }, { ts: 3 }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...user, firstName: 'Edited', additionalInfo: { lang: 'de_DE', isPasswordChanged: false } });
    expect((await admin.call<User>('GET', `/api/admin/user/${user.id}`)).body).toEqual(answer.body);
  });

  it('refuses a body that would make the user anything but a system administrator, naming the field', async () => {
    const user = await createUser('stays-admin@example.com');
    const answer = await admin.call<ErrorBody>('POST', '/api/admin', { ...user, authority: 'ANONYMOUS' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('body.authority');
  });

  it('deletes a user, but never the signed-in one', async () => {
    const user = await createUser('leaving@example.com');
    expect((await admin.call('DELETE', `/api/admin/${user.id}`)).status).toBe(200);
    expect((await admin.call<ErrorBody>('GET', `/api/admin/user/${user.id}`)).status).toBe(404);
    const self = (await admin.call<User>('GET', '/api/auth/user')).body;
    const refused = await admin.call<ErrorBody>('DELETE', `/api/admin/${self.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 20, message: 'You cannot delete your own account' });
  });

  it("signs an administrator in as another user, at TBMQ's paths and the spec's", async () => {
    const user = await createUser('impersonated@example.com');
    for (const path of ['/api/admin/user/tokenAccessEnabled', '/api/user/tokenAccessEnabled']) {
      expect((await admin.call<boolean>('GET', path)).body, path).toBe(true);
    }
    for (const path of [`/api/admin/user/${user.id}/token`, `/api/user/${user.id}/token`]) {
      const tokens = await admin.call<{ token: string }>('GET', path);
      const asUser = new ApiClient(node.baseUrl);
      asUser.token = tokens.body.token;
      expect((await asUser.call<User>('GET', '/api/auth/user')).body.email, path).toBe('impersonated@example.com');
    }
    expect((await admin.call<ErrorBody>('GET', '/api/admin/user/3f1e2d4c-5b6a-4789-8abc-def012345678/token')).status).toBe(404);
  });
});

describe('profile and password', () => {
  it('saves the signed-in user own names and language', async () => {
    const me = new ApiClient(node.baseUrl);
    await createSettledUser(admin, 'profile@example.com', 'first-secret');
    await me.signIn('profile@example.com', 'first-secret');
    const answer = await me.call<User>('POST', '/api/admin/user', { firstName: 'Pia', lastName: 'Profile', additionalInfo: { lang: 'de_DE' } });
    expect(answer.body).toMatchObject({ email: 'profile@example.com', firstName: 'Pia', lastName: 'Profile', additionalInfo: { lang: 'de_DE' } });
  });

  it("saves the signed-in user's own profile as TBMQ's console does: the whole user posted to /api/admin", async () => {
    const me = new ApiClient(node.baseUrl);
    await createSettledUser(admin, 'self-save@example.com', 'own-secret');
    await me.signIn('self-save@example.com', 'own-secret');
    const own = (await me.call<User>('GET', '/api/auth/user')).body;
    const answer = await me.call<User>('POST', '/api/admin', { ...own, lastName: 'Saved', additionalInfo: { ...own.additionalInfo, lang: 'de_DE' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...own, lastName: 'Saved', additionalInfo: { ...own.additionalInfo, lang: 'de_DE' } });
    // No password in the body: the user's own one still signs in, with full tokens.
    await new ApiClient(node.baseUrl).signIn('self-save@example.com', 'own-secret');
    const taken = await me.call<ErrorBody>('POST', '/api/admin', { ...own, email: 'sysadmin@starling.local' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('body.email');
  });

  it('changes the password: the old one stops working and the history grows', async () => {
    await createUser('changer@example.com', { password: 'old-secret' });
    const me = new ApiClient(node.baseUrl);
    await me.signIn('changer@example.com', 'old-secret');

    const wrong = await me.call<ErrorBody>('POST', '/api/auth/changePassword', { currentPassword: 'guess', newPassword: 'new-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('body.currentPassword');

    const changed = await me.call<{ token: string }>('POST', '/api/auth/changePassword', { currentPassword: 'old-secret', newPassword: 'new-secret' });
    expect(changed.status).toBe(200);
    me.token = changed.body.token;
    expect((await me.call<User>('GET', '/api/auth/user')).body.additionalInfo.isPasswordChanged).toBe(true);
    expect((await new ApiClient(node.baseUrl).call('POST', '/api/auth/login', { username: 'changer@example.com', password: 'old-secret' })).status).toBe(401);
    await new ApiClient(node.baseUrl).signIn('changer@example.com', 'new-secret');
  });
});
