import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startMailServer } from '../../support/outside-services/mail-server.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

// The users page's "resend activation mail" (spec section 7, resendEmailActivation; openapi.yaml
// POST /api/admin/user/{id}/activationMail): which accounts await activation, and a second mail
// whose link replaces the first, received by a real SMTP server.

let node: TestNode;
let admin: ApiClient;
let mailServer: Awaited<ReturnType<typeof startMailServer>>;

interface UserAnswer {
  id: string;
  email: string;
  activationPending?: boolean;
}

function mailSettings(smtpPort: number) {
  return {
    key: 'mail',
    jsonValue: { mailFrom: 'Starling <noreply@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort, timeout: 5000, enableTls: false },
  };
}

function activateToken(text: string): string {
  const match = /\/login\/createPassword\?activateToken=([A-Za-z0-9_%-]+)/.exec(text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match?.[1] ?? '');
}

beforeAll(async () => {
  mailServer = await startMailServer();
  node = await startTestNode({ publicUrl: 'https://console.starling.test' });
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
  await admin.call('POST', '/api/admin/settings', mailSettings(mailServer.port));
});
afterAll(async () => {
  await node.destroy();
  await mailServer.close();
});

describe('resending an activation mail from the users page', () => {
  it('marks an invited account as awaiting activation, in the list and alone, and not one created with a password', async () => {
    const invited = await admin.call<UserAnswer>('POST', '/api/admin?sendActivationMail=true', { email: 'pending@example.com' });
    await mailServer.nextMail();
    expect(invited.body.activationPending).toBe(true);
    const withPassword = await admin.call<UserAnswer>('POST', '/api/admin', { email: 'ready@example.com', password: 'ready-secret-1' });
    expect(withPassword.body.activationPending).toBe(false);

    const page = await admin.call<{ data: UserAnswer[] }>('GET', '/api/admin?pageSize=50&page=0');
    const pending = Object.fromEntries(page.body.data.map((user) => [user.email, user.activationPending]));
    expect(pending).toMatchObject({ 'pending@example.com': true, 'ready@example.com': false, 'sysadmin@starling.local': false });
    expect((await admin.call<UserAnswer>('GET', `/api/admin/user/${invited.body.id}`)).body.activationPending).toBe(true);
  });

  it('mails a second link that replaces the first; once activated, the account is no longer pending and gets no more', async () => {
    const invited = await admin.call<UserAnswer>('POST', '/api/admin?sendActivationMail=true', { email: 'second-try@example.com' });
    const firstToken = activateToken((await mailServer.nextMail()).text);

    expect((await admin.call('POST', `/api/admin/user/${invited.body.id}/activationMail`)).status).toBe(200);
    const second = await mailServer.nextMail();
    expect(second.to).toEqual(['second-try@example.com']);
    const secondToken = activateToken(second.text);
    expect(secondToken).not.toBe(firstToken);

    const anonymous = new ApiClient(node.baseUrl);
    expect((await anonymous.call('POST', '/api/noauth/activate?sendActivationMail=false', { activateToken: firstToken, password: 'first-link-1' })).status).toBe(400);
    expect((await anonymous.call('POST', '/api/noauth/activate?sendActivationMail=false', { activateToken: secondToken, password: 'second-link-1' })).status).toBe(200);

    expect((await admin.call<UserAnswer>('GET', `/api/admin/user/${invited.body.id}`)).body.activationPending).toBe(false);
    const again = await admin.call<{ message: string }>('POST', `/api/admin/user/${invited.body.id}/activationMail`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('second-try@example.com');
    expect(mailServer.mails).toEqual([]);
  });

  it('answers 404 for an unknown user and says when the mail server did not take the mail', async () => {
    expect((await admin.call('POST', '/api/admin/user/0b3c1f5e-8a4d-4c2e-9f61-2d7a9b8e5c10/activationMail')).status).toBe(404);
    const invited = await admin.call<UserAnswer>('POST', '/api/admin?sendActivationMail=true', { email: 'unlucky@example.com' });
    await mailServer.nextMail();
    await admin.call('POST', '/api/admin/settings', mailSettings(1));
    try {
      const refused = await admin.call<{ message: string }>('POST', `/api/admin/user/${invited.body.id}/activationMail`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('did not take the mail');
    } finally {
      await admin.call('POST', '/api/admin/settings', mailSettings(mailServer.port));
    }
  });
});
