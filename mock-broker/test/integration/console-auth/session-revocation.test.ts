import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startMailServer } from '../../support/outside-services/mail-server.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { createSettledUser, type TokenPair } from '../../support/api/users.js';

interface ErrorBody {
  errorCode: number;
  message: string;
}

let node: TestNode;
let admin: ApiClient;
let mailServer: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  mailServer = await startMailServer();
  node = await startTestNode({ publicUrl: 'https://console.starling.test' });
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
  const mail = { mailFrom: 'Starling <noreply@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false };
  expect((await admin.call('POST', '/api/admin/settings', { key: 'mail', jsonValue: mail })).status).toBe(200);
});
afterAll(async () => {
  await node.destroy();
  await mailServer.close();
});

/** A signed-in session of the user: a client holding its token pair. */
async function session(email: string, password: string): Promise<{ api: ApiClient; pair: TokenPair }> {
  const api = new ApiClient(node.baseUrl);
  const pair = await api.signIn(email, password);
  return { api, pair };
}

/** What a client of an ended session sees: its access token answers code 11, its refresh token is refused. */
async function expectEnded({ api, pair }: { api: ApiClient; pair: TokenPair }): Promise<void> {
  api.token = pair.token;
  const call = await api.call<ErrorBody>('GET', '/api/auth/user');
  expect(call.status).toBe(401);
  expect(call.body.errorCode).toBe(11);
  const renewal = await api.call<ErrorBody>('POST', '/api/auth/token', { refreshToken: pair.refreshToken });
  expect(renewal.status).toBe(401);
}

async function expectAlive({ api, pair }: { api: ApiClient; pair: TokenPair }): Promise<void> {
  api.token = pair.token;
  expect((await api.call('GET', '/api/auth/user')).status).toBe(200);
}

describe('ending every session of a user', () => {
  it('happens when the user is deleted', async () => {
    const { id } = await createSettledUser(admin, 'deleted@example.com', 'Deleted-1');
    const laptop = await session('deleted@example.com', 'Deleted-1');
    expect((await admin.call('DELETE', `/api/admin/${id}`)).status).toBe(200);
    await expectEnded(laptop);
  });

  it('happens when the user changes the password: only the pair the change answered works', async () => {
    await createSettledUser(admin, 'changer@example.com', 'Changer-1');
    const laptop = await session('changer@example.com', 'Changer-1');
    const phone = await session('changer@example.com', 'Changer-1');
    const changed = await laptop.api.call<TokenPair>('POST', '/api/auth/changePassword', { currentPassword: 'Changer-1', newPassword: 'Changer-2' });
    expect(changed.status).toBe(200);
    await expectEnded(phone);
    await expectEnded(laptop);
    await expectAlive({ api: laptop.api, pair: changed.body });
  });

  it('happens when an administrator sets the user a new password', async () => {
    const { id } = await createSettledUser(admin, 'reassigned@example.com', 'Reassigned-1');
    const laptop = await session('reassigned@example.com', 'Reassigned-1');
    const saved = await admin.call('POST', '/api/admin', { id, email: 'reassigned@example.com', password: 'Set-by-admin-2' });
    expect(saved.status).toBe(200);
    await expectEnded(laptop);
  });

  it('happens when the password is reset through the mailed link', async () => {
    await createSettledUser(admin, 'forgetful@example.com', 'Forgetful-1');
    const laptop = await session('forgetful@example.com', 'Forgetful-1');
    expect((await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPasswordByEmail', { email: 'forgetful@example.com' })).status).toBe(200);
    const mail = await mailServer.nextMail();
    const resetToken = decodeURIComponent(/resetToken=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1] ?? '');
    const reset = await new ApiClient(node.baseUrl).call<TokenPair>('POST', '/api/noauth/resetPassword', { resetToken, password: 'Forgetful-2' });
    expect(reset.status).toBe(200);
    await expectEnded(laptop);
    await expectAlive({ api: new ApiClient(node.baseUrl), pair: reset.body });
  });

  it('happens when a refresh token is used a second time, whoever used it first', async () => {
    await createSettledUser(admin, 'robbed@example.com', 'Robbed-1');
    await createSettledUser(admin, 'bystander@example.com', 'Bystander-1');
    const bystander = await session('bystander@example.com', 'Bystander-1');
    const laptop = await session('robbed@example.com', 'Robbed-1');
    const phone = await session('robbed@example.com', 'Robbed-1');
    // A thief renews with the laptop's refresh token; the laptop then tries the same one.
    const thief = await new ApiClient(node.baseUrl).call<TokenPair>('POST', '/api/auth/token', { refreshToken: laptop.pair.refreshToken });
    expect(thief.status).toBe(200);
    const reused = await laptop.api.call<ErrorBody>('POST', '/api/auth/token', { refreshToken: laptop.pair.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toContain('already used');
    await expectEnded({ api: new ApiClient(node.baseUrl), pair: thief.body });
    await expectEnded(phone);
    await expectAlive(bystander);
    // Signing in again works.
    await expectAlive(await session('robbed@example.com', 'Robbed-1'));
  });
});
