import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import type { TokenPair } from '../../support/api/users.js';
import type { UserPasswordPolicy as Policy } from '../../../src/security-settings/password-policy.js';

interface Settings {
  passwordPolicy: Policy;
  maxFailedSignIns?: number;
  failedSignInWindowSeconds?: number;
}
interface ErrorBody {
  errorCode: number;
  message: string;
  resetToken?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const LENIENT: Policy = { minimumLength: 6, maximumLength: 72 };
const STRICT: Policy = { minimumLength: 10, maximumLength: 64, minimumUppercaseLetters: 1, minimumDigits: 1, minimumSpecialCharacters: 1 };

let node: TestNode;
let admin: ApiClient;

beforeAll(async () => {
  node = await startTestNode({ signInMaxFailures: 7, signInWindowSeconds: 120, passwordMaxAgeDays: 0 });
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
});
beforeEach(async () => {
  expect((await admin.call('POST', '/api/admin/securitySettings', { passwordPolicy: LENIENT, maxFailedSignIns: 7, failedSignInWindowSeconds: 120 })).status).toBe(200);
});
afterEach(() => vi.useRealTimers());
afterAll(() => node.destroy());

const saveSettings = (settings: Settings) => admin.call<Settings & ErrorBody>('POST', '/api/admin/securitySettings', settings);
const signIn = (username: string, password: string) => new ApiClient(node.baseUrl).call<TokenPair & ErrorBody>('POST', '/api/auth/login', { username, password });

async function signedInAs(username: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(node.baseUrl);
  await client.signIn(username, password);
  return client;
}

/** A user who chose their own password (history of two), so that its sessions are full ones. */
async function userWithOwnPassword(email: string, password: string): Promise<ApiClient> {
  const created = await admin.call<{ initialPassword: string }>('POST', '/api/admin', { email });
  expect(created.status).toBe(200);
  const first = await signIn(email, created.body.initialPassword);
  const client = new ApiClient(node.baseUrl);
  client.token = first.body.token;
  expect((await client.call('POST', '/api/auth/changePassword', { currentPassword: created.body.initialPassword, newPassword: password })).status).toBe(200);
  return signedInAs(email, password);
}

describe('security settings (System settings → Security)', () => {
  it('answer TBMQ 2.3 defaults with the lockout the node was started with, and the policy before sign-in', async () => {
    await admin.call('POST', '/api/admin/securitySettings', {
      passwordPolicy: { minimumLength: 6, maximumLength: 72, allowWhitespaces: false, forceUserToResetPasswordIfNotValid: false },
    });
    const read = await admin.call<Settings>('GET', '/api/admin/securitySettings');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ passwordPolicy: { minimumLength: 6, maximumLength: 72 }, maxFailedSignIns: 7, failedSignInWindowSeconds: 120 });
    const open = await new ApiClient(node.baseUrl).call<Policy>('GET', '/api/noauth/userPasswordPolicy');
    expect(open.status).toBe(200);
    expect(open.body).toEqual(read.body.passwordPolicy);
    expect((await new ApiClient(node.baseUrl).call('GET', '/api/admin/securitySettings')).status).toBe(401);
  });

  it('refuse a policy no password can meet, naming the field, and keep the stored one', async () => {
    const shorter = await saveSettings({ passwordPolicy: { minimumLength: 12, maximumLength: 8 } });
    expect(shorter.status).toBe(400);
    expect(shorter.body.message).toMatch(/^body\.passwordPolicy\.maximumLength/);
    const crowded = await saveSettings({ passwordPolicy: { minimumLength: 6, maximumLength: 10, minimumDigits: 6, minimumUppercaseLetters: 6 } });
    expect(crowded.status).toBe(400);
    expect(crowded.body.message).toMatch(/^body\.passwordPolicy /);
    expect((await admin.call<Settings>('GET', '/api/admin/securitySettings')).body.passwordPolicy).toMatchObject(LENIENT);
  });

  it('apply at once to every way a password is set, each refusal naming its field and the rules broken', async () => {
    expect((await saveSettings({ passwordPolicy: STRICT })).status).toBe(200);

    const typedIn = await admin.call<ErrorBody>('POST', '/api/admin', { email: 'weak-new@example.com', password: 'weakpassword' });
    expect(typedIn.status).toBe(400);
    expect(typedIn.body.message).toBe('body.password does not meet the password policy: it must have at least 1 uppercase letter(s) A–Z, at least 1 digit(s), at least 1 special character(s) such as ! ? # %');
    expect((await signIn('weak-new@example.com', 'weakpassword')).status).toBe(401);

    const user = await admin.call<{ id: string; email: string }>('POST', '/api/admin', { email: 'policy-user@example.com', password: 'Strong-pass-1' });
    expect(user.status).toBe(200);
    const setByAdmin = await admin.call<ErrorBody>('POST', '/api/admin', { id: user.body.id, email: user.body.email, password: 'Short-1' });
    expect(setByAdmin.status).toBe(400);
    expect(setByAdmin.body.message).toMatch(/^body\.password does not meet the password policy: it must have at least 10 characters$/);

    const own = await signIn('policy-user@example.com', 'Strong-pass-1');
    const client = new ApiClient(node.baseUrl);
    client.token = own.body.token;
    const changed = await client.call<ErrorBody>('POST', '/api/auth/changePassword', { currentPassword: 'Strong-pass-1', newPassword: 'has spaces 1 A!' });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe('body.newPassword does not meet the password policy: it must have no spaces, tabs or line breaks');
    expect((await signIn('policy-user@example.com', 'Strong-pass-1')).status).toBe(200);
  });

  it('make one-time passwords the policy takes', async () => {
    expect((await saveSettings({ passwordPolicy: { minimumLength: 30, maximumLength: 40, minimumSpecialCharacters: 3, minimumDigits: 2, minimumLowercaseLetters: 2, minimumUppercaseLetters: 2 } })).status).toBe(200);
    const created = await admin.call<{ initialPassword: string }>('POST', '/api/admin', { email: 'generated@example.com' });
    const password = created.body.initialPassword;
    expect(password.length).toBeGreaterThanOrEqual(30);
    expect(password.replace(/[A-Za-z0-9]/g, '').length).toBeGreaterThanOrEqual(3);
    expect(password.replace(/[^0-9]/g, '').length).toBeGreaterThanOrEqual(2);
    expect((await signIn('generated@example.com', password)).status).toBe(200);
  });

  it('refuse a password used within the reuse period, and never answer the hashes kept for it', async () => {
    const user = await userWithOwnPassword('reuser@example.com', 'First-choice-1');
    expect((await saveSettings({ passwordPolicy: { ...LENIENT, passwordReuseFrequencyDays: 30 } })).status).toBe(200);
    expect((await user.call('POST', '/api/auth/changePassword', { currentPassword: 'First-choice-1', newPassword: 'Second-choice-2' })).status).toBe(200);
    const again = await signedInAs('reuser@example.com', 'Second-choice-2');
    const reused = await again.call<ErrorBody>('POST', '/api/auth/changePassword', { currentPassword: 'Second-choice-2', newPassword: 'First-choice-1' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('body.newPassword was used within the last 30 day(s): choose another one');

    // Past the period the old password may come back.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * DAY_MS);
    const later = await signedInAs('reuser@example.com', 'Second-choice-2');
    expect((await later.call('POST', '/api/auth/changePassword', { currentPassword: 'Second-choice-2', newPassword: 'First-choice-1' })).status).toBe(200);
    vi.useRealTimers();

    const listed = await admin.call('GET', '/api/admin?pageSize=100&page=0');
    const self = await (await signedInAs('reuser@example.com', 'First-choice-1')).call('GET', '/api/auth/user');
    for (const answer of [listed, self]) expect(JSON.stringify(answer.body)).not.toMatch(/\$2[aby]\$/);
  });

  it('with forceUserToResetPasswordIfNotValid, refuse a sign-in whose password the policy no longer takes (401, errorCode 45)', async () => {
    await userWithOwnPassword('old-habits@example.com', 'lowercaseonly');
    expect((await saveSettings({ passwordPolicy: { ...STRICT, forceUserToResetPasswordIfNotValid: true } })).status).toBe(200);
    const refused = await signIn('old-habits@example.com', 'lowercaseonly');
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe(45);
    expect(refused.body).not.toHaveProperty('token');

    // Without the force, the old password still signs in: the policy applies to passwords set from now on.
    expect((await saveSettings({ passwordPolicy: STRICT })).status).toBe(200);
    expect((await signIn('old-habits@example.com', 'lowercaseonly')).status).toBe(200);
  });

  it('expire passwords after the policy period with a reset token, and the reset obeys the policy', async () => {
    await admin.call('POST', '/api/admin', { email: 'expiring@example.com', password: 'Set-by-admin-1' });
    expect((await saveSettings({ passwordPolicy: { ...STRICT, passwordExpirationPeriodDays: 1 } })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    const expired = await signIn('expiring@example.com', 'Set-by-admin-1');
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe(15);
    const client = new ApiClient(node.baseUrl);
    const weak = await client.call<ErrorBody>('POST', '/api/noauth/resetPassword', { resetToken: expired.body.resetToken, password: 'weakweakweak' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^body\.password does not meet the password policy/);
    // The refused attempt did not use the link up.
    expect((await client.call('POST', '/api/noauth/resetPassword', { resetToken: expired.body.resetToken, password: 'Renewed-pass-2' })).status).toBe(200);
  });

  it('apply a saved lockout to the next sign-ins', async () => {
    expect((await saveSettings({ passwordPolicy: LENIENT, maxFailedSignIns: 2, failedSignInWindowSeconds: 600 })).status).toBe(200);
    await admin.call('POST', '/api/admin', { email: 'locked@example.com', password: 'Known-secret-1' });
    expect((await signIn('locked@example.com', 'guess-one')).status).toBe(401);
    expect((await signIn('locked@example.com', 'guess-two')).status).toBe(401);
    const third = await signIn('locked@example.com', 'Known-secret-1');
    expect(third.status).toBe(429);
    expect(third.body.errorCode).toBe(33);
    // A save that leaves the lockout out (TBMQ's console sends the policy only) keeps it.
    expect((await saveSettings({ passwordPolicy: STRICT })).body).toMatchObject({ maxFailedSignIns: 2, failedSignInWindowSeconds: 600 });
  });
});
