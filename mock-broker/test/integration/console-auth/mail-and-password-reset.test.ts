import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startMailServer } from '../../support/outside-services/mail-server.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

let node: TestNode;
let admin: ApiClient;
let mailServer: Awaited<ReturnType<typeof startMailServer>>;
const SMTP_LOGIN = { username: 'starling-mailer', password: 'smtp-secret' };

interface MailSettingsView {
  smtpHost: string;
  smtpPort: number;
  username?: string;
  password?: string;
  passwordSet: boolean;
}

function mailSettings(overrides: Record<string, unknown> = {}) {
  return {
    key: 'mail',
    jsonValue: {
      mailFrom: 'Starling <noreply@starling.test>',
      smtpProtocol: 'smtp',
      smtpHost: '127.0.0.1',
      smtpPort: mailServer.port,
      timeout: 5000,
      enableTls: false,
      username: SMTP_LOGIN.username,
      ...overrides,
    },
  };
}

beforeAll(async () => {
  mailServer = await startMailServer(SMTP_LOGIN);
  node = await startTestNode({ publicUrl: 'https://console.starling.test' });
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
});
afterAll(async () => {
  await node.destroy();
  await mailServer.close();
});

describe('outgoing mail settings', () => {
  it('answer defaults before anything is saved, as a stored row with its id and creation time (as TBMQ answers)', async () => {
    const answer = await admin.call<{ id: string; createdTime: number; jsonValue: MailSettingsView }>('GET', '/api/admin/settings/mail');
    expect(answer.body.jsonValue).toMatchObject({ smtpHost: 'localhost', smtpPort: 25, passwordSet: false });
    expect(answer.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Math.abs(Date.now() - answer.body.createdTime)).toBeLessThan(60_000);
    // A save replaces the value in the same row.
    const saved = await admin.call<{ id: string; createdTime: number }>('POST', '/api/admin/settings', mailSettings({ timeout: 5000 }));
    expect(saved.body).toMatchObject({ id: answer.body.id, createdTime: answer.body.createdTime });
  });

  it('keep the password but never answer it, and keep it when saved again without one', async () => {
    const saved = await admin.call<{ jsonValue: MailSettingsView }>('POST', '/api/admin/settings', mailSettings({ password: SMTP_LOGIN.password }));
    expect(saved.body.jsonValue.passwordSet).toBe(true);
    expect(saved.body.jsonValue.password).toBeUndefined();
    await admin.call('POST', '/api/admin/settings', mailSettings({ timeout: 6000 }));
    const read = await admin.call<{ jsonValue: MailSettingsView & { timeout: number } }>('GET', '/api/admin/settings/mail');
    expect(read.body.jsonValue).toMatchObject({ timeout: 6000, passwordSet: true });
    expect(JSON.stringify(read.body)).not.toContain(SMTP_LOGIN.password);
  });

  it("take TBMQ's stored form (port and timeout as digit strings, the row's id, its own fields) and answer numbers, keeping TBMQ's fields", async () => {
    const tbmqForm = mailSettings({ smtpPort: String(mailServer.port), timeout: '7000', enableProxy: false, showChangePassword: false });
    const saved = await admin.call<{ jsonValue: MailSettingsView }>('POST', '/api/admin/settings', { id: '13402feb-30ff-488d-bb15-8fea3d6d09a5', createdTime: 0, ...tbmqForm });
    expect(saved.status).toBe(200);
    expect(saved.body.jsonValue).toMatchObject({ smtpPort: mailServer.port, timeout: 7000, passwordSet: true });
    // TBMQ's own fields are kept as given, as TBMQ keeps them.
    expect(saved.body.jsonValue).toMatchObject({ enableProxy: false, showChangePassword: false });
    const tested = await admin.call('POST', '/api/admin/settings/testMail', tbmqForm);
    expect(tested.status).toBe(200);
    await mailServer.nextMail();
  });

  it('refuse a port or timeout out of range, naming the field, in either form', async () => {
    for (const [field, value] of [['smtpPort', '70000'], ['smtpPort', 0], ['timeout', '0']] as const) {
      const answer = await admin.call<{ message: string }>('POST', '/api/admin/settings', mailSettings({ [field]: value }));
      expect(answer.status, `${field} ${value}`).toBe(400);
      expect(answer.body.message).toContain(`body.jsonValue.${field}`);
    }
  });

  it("answer 404 for TBMQ's other keys, which this broker does not store", async () => {
    for (const key of ['general', 'connectivity', 'nope']) {
      expect((await admin.call('GET', `/api/admin/settings/${key}`)).status, key).toBe(404);
    }
  });

  it('send a test mail to the signed-in administrator through the stored password', async () => {
    const answer = await admin.call('POST', '/api/admin/settings/testMail', mailSettings());
    expect(answer.status).toBe(200);
    const mail = await mailServer.nextMail();
    expect(mail.to).toEqual(['sysadmin@starling.local']);
    expect(mail.text).toContain('Subject: Starling test mail');
  });

  it('use the stored password only for the host, port and username it was saved with', async () => {
    // Someone who may edit the settings points them at a server of their own, leaving the password out.
    const elsewhere = await startMailServer({ username: SMTP_LOGIN.username, password: 'whatever' });
    try {
      for (const changed of [{ smtpPort: elsewhere.port }, { smtpHost: 'localhost' }, { username: 'another-login' }]) {
        for (const path of ['/api/admin/settings/testMail', '/api/admin/settings']) {
          const refused = await admin.call<{ errorCode: number; message: string }>('POST', path, mailSettings(changed));
          expect(refused.status, `${path} ${JSON.stringify(changed)}`).toBe(400);
          expect(refused.body.errorCode).toBe(30);
          expect(refused.body.message).toMatch(/^body\.jsonValue\.password is required/);
        }
      }
      expect(elsewhere.logins).toEqual([]);
      expect(elsewhere.mails).toEqual([]);
      const stored = await admin.call<{ jsonValue: MailSettingsView }>('GET', '/api/admin/settings/mail');
      expect(stored.body.jsonValue).toMatchObject({ smtpHost: '127.0.0.1', smtpPort: mailServer.port, username: SMTP_LOGIN.username, passwordSet: true });

      // With its own password typed in, the other server is used, and only that password is sent.
      const typed = await admin.call('POST', '/api/admin/settings/testMail', mailSettings({ smtpPort: elsewhere.port, password: 'whatever' }));
      expect(typed.status).toBe(200);
      expect(elsewhere.logins).toEqual([{ username: SMTP_LOGIN.username, password: 'whatever' }]);
    } finally {
      await elsewhere.close();
    }
    // Unchanged host, port and username: the stored password still serves.
    expect((await admin.call('POST', '/api/admin/settings/testMail', mailSettings())).status).toBe(200);
    expect((await mailServer.nextMail()).text).toContain('Subject: Starling test mail');
  });

  it('do not send the stored password in the clear when TLS is turned off (issue 26 N11)', async () => {
    const loginsBefore = mailServer.logins.length;
    expect((await admin.call('POST', '/api/admin/settings', mailSettings({ enableTls: true, password: SMTP_LOGIN.password }))).status).toBe(200);
    // Same host, port and username, TLS off: someone who can read the network would get the password.
    for (const path of ['/api/admin/settings/testMail', '/api/admin/settings']) {
      const refused = await admin.call<{ errorCode: number; message: string }>('POST', path, mailSettings({ enableTls: false }));
      expect(refused.status, path).toBe(400);
      expect(refused.body.message).toMatch(/^body\.jsonValue\.password is required/);
    }
    expect(mailServer.logins.length).toBe(loginsBefore);
    // Typed again, the operator chose to send it over this connection.
    expect((await admin.call('POST', '/api/admin/settings', mailSettings({ enableTls: false, password: SMTP_LOGIN.password }))).status).toBe(200);
  });

  it('drop the stored password when saved without a username: no login, nothing to send it with', async () => {
    const anonymousLogin = await admin.call<{ jsonValue: MailSettingsView }>('POST', '/api/admin/settings', mailSettings({ username: '', smtpPort: 2525 }));
    expect(anonymousLogin.status).toBe(200);
    expect(anonymousLogin.body.jsonValue.passwordSet).toBe(false);
    // Back to the first server and login: the dropped password does not come back with them.
    const withLogin = await admin.call<{ jsonValue: MailSettingsView }>('POST', '/api/admin/settings', mailSettings());
    expect(withLogin.body.jsonValue.passwordSet).toBe(false);
    expect((await admin.call('POST', '/api/admin/settings', mailSettings({ password: SMTP_LOGIN.password }))).status).toBe(200);
  });

  it('say why a test mail failed', async () => {
    const answer = await admin.call<{ message: string }>('POST', '/api/admin/settings/testMail', mailSettings({ password: 'wrong' }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(`The mail server 127.0.0.1:${mailServer.port} did not take the mail`);
  });
});

describe('password reset by e-mail', () => {
  it('mails a link that sets a new password once', async () => {
    await admin.call('POST', '/api/admin', { email: 'forgetful@example.com', password: 'old-secret' });
    const asked = await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPasswordByEmail', { email: 'forgetful@example.com' });
    expect(asked.status).toBe(200);

    const mail = await mailServer.nextMail();
    expect(mail.to).toEqual(['forgetful@example.com']);
    const link = /https:\/\/console\.starling\.test\/login\/resetPassword\?resetToken=([A-Za-z0-9_%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const resetToken = decodeURIComponent(link?.[1] ?? '');

    const anonymous = new ApiClient(node.baseUrl);
    const reset = await anonymous.call<{ token: string }>('POST', '/api/noauth/resetPassword', { resetToken, password: 'new-secret' });
    expect(reset.status).toBe(200);
    await new ApiClient(node.baseUrl).signIn('forgetful@example.com', 'new-secret');
    expect((await anonymous.call('POST', '/api/auth/login', { username: 'forgetful@example.com', password: 'old-secret' })).status).toBe(401);

    const again = await anonymous.call<{ message: string }>('POST', '/api/noauth/resetPassword', { resetToken, password: 'third-secret' });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('body.resetToken is invalid or has expired');
  });

  async function mailedResetToken(email: string): Promise<string> {
    expect((await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPasswordByEmail', { email })).status).toBe(200);
    const mail = await mailServer.nextMail();
    expect(mail.to).toEqual([email]);
    return decodeURIComponent(/resetToken=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1] ?? '');
  }

  it('keeps one live link per address: a new link voids the last', async () => {
    await admin.call('POST', '/api/admin', { email: 'twice@example.com', password: 'old-secret' });
    const first = await mailedResetToken('twice@example.com');
    const second = await mailedResetToken('twice@example.com');
    const anonymous = new ApiClient(node.baseUrl);
    const stale = await anonymous.call<{ message: string }>('POST', '/api/noauth/resetPassword', { resetToken: first, password: 'from-first-link' });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toContain('body.resetToken is invalid or has expired');
    expect((await anonymous.call('POST', '/api/noauth/resetPassword', { resetToken: second, password: 'from-second-link' })).status).toBe(200);
    await new ApiClient(node.baseUrl).signIn('twice@example.com', 'from-second-link');
  });

  it('lets one of two simultaneous uses of a link set the password, and refuses the other', async () => {
    await admin.call('POST', '/api/admin', { email: 'raced@example.com', password: 'old-secret' });
    const resetToken = await mailedResetToken('raced@example.com');
    const [first, second] = await Promise.all(
      ['racer-one', 'racer-two'].map((password) => new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPassword', { resetToken, password })),
    );
    expect([first?.status, second?.status].sort()).toEqual([200, 400]);
    const winner = first?.status === 200 ? 'racer-one' : 'racer-two';
    const loser = winner === 'racer-one' ? 'racer-two' : 'racer-one';
    await new ApiClient(node.baseUrl).signIn('raced@example.com', winner);
    expect((await new ApiClient(node.baseUrl).call('POST', '/api/auth/login', { username: 'raced@example.com', password: loser })).status).toBe(401);
  });

  it('mails one address at most 3 links in 15 minutes, then answers 429 whether the address is known or not', async () => {
    await admin.call('POST', '/api/admin', { email: 'impatient@example.com', password: 'old-secret' });
    for (let request = 0; request < 3; request++) await mailedResetToken('impatient@example.com');
    for (const email of ['Impatient@example.com', 'impatient@example.com']) {
      const refused = await new ApiClient(node.baseUrl).call<{ errorCode: number }>('POST', '/api/noauth/resetPasswordByEmail', { email });
      expect(refused.status).toBe(429);
      expect(refused.body.errorCode).toBe(33);
    }
    for (let request = 0; request < 3; request++) {
      expect((await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPasswordByEmail', { email: 'nobody-here@example.com' })).status).toBe(200);
    }
    expect((await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPasswordByEmail', { email: 'nobody-here@example.com' })).status).toBe(429);
    // Activation links count against the same share.
    expect((await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resendEmailActivation?email=impatient%40example.com')).status).toBe(429);
    // No wait needed: the broker answers once its SMTP transaction is over, and the mail server
    // records a mail before it accepts it.
    expect(mailServer.mails).toEqual([]);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const asked = await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPasswordByEmail', { email: 'nobody@example.com' });
    expect(asked.status).toBe(200);
    // No wait needed: the broker answers once its SMTP transaction is over, and the mail server
    // records a mail before it accepts it.
    expect(mailServer.mails).toEqual([]);
  });
});

describe('account activation by e-mail', () => {
  function linkToken(text: string, parameter: string): string {
    const match = new RegExp(`https://console\\.starling\\.test/login/createPassword\\?${parameter}=([A-Za-z0-9_%-]+)`).exec(text);
    expect(match).not.toBeNull();
    return decodeURIComponent(match?.[1] ?? '');
  }

  it('invites a new user, who signs in only after setting a password through the mailed link', async () => {
    const created = await admin.call<{ id: string }>('POST', '/api/admin?sendActivationMail=true', { email: 'invited@example.com', firstName: 'Ivo' });
    expect(created.status).toBe(200);
    const invitation = await mailServer.nextMail();
    expect(invitation.to).toEqual(['invited@example.com']);
    const activateToken = linkToken(invitation.text, 'activateToken');
    const anonymous = new ApiClient(node.baseUrl);
    expect((await anonymous.call('POST', '/api/auth/login', { username: 'invited@example.com', password: 'sysadmin' })).status).toBe(401);

    const activated = await anonymous.call<{ token: string }>('POST', '/api/noauth/activate', { activateToken, password: 'chosen-secret' });
    expect(activated.status).toBe(200);
    const confirmation = await mailServer.nextMail();
    expect(confirmation.text).toContain('Subject: Starling: account active');
    await new ApiClient(node.baseUrl).signIn('invited@example.com', 'chosen-secret');
    expect((await anonymous.call('POST', '/api/noauth/activate', { activateToken, password: 'again' })).status).toBe(400);
  });

  it('sends a new link only to an account still awaiting activation', async () => {
    await admin.call('POST', '/api/admin?sendActivationMail=true', { email: 'slow-starter@example.com' });
    await mailServer.nextMail();
    const anonymous = new ApiClient(node.baseUrl);
    expect((await anonymous.call('POST', '/api/noauth/resendEmailActivation?email=slow-starter%40example.com')).status).toBe(200);
    expect((await mailServer.nextMail()).to).toEqual(['slow-starter@example.com']);
    expect((await anonymous.call('POST', '/api/noauth/resendEmailActivation?email=sysadmin%40starling.local')).status).toBe(200);
    // No wait needed: the broker answers once its SMTP transaction is over, and the mail server
    // records a mail before it accepts it.
    expect(mailServer.mails).toEqual([]);
  });

  it('leaves no account behind when the invitation cannot be mailed', async () => {
    await admin.call('POST', '/api/admin/settings', mailSettings({ smtpPort: 1, timeout: 2000, password: SMTP_LOGIN.password }));
    try {
      const refused = await admin.call<{ message: string }>('POST', '/api/admin?sendActivationMail=true', { email: 'unreachable@example.com' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('did not take the mail');
      const found = await admin.call<{ totalElements: number }>('GET', '/api/admin?pageSize=10&page=0&textSearch=unreachable');
      expect(found.body.totalElements).toBe(0);
    } finally {
      await admin.call('POST', '/api/admin/settings', mailSettings({ password: SMTP_LOGIN.password }));
    }
  });

  it('has no activation by e-mail code: accounts are activated through their link', async () => {
    const answer = await new ApiClient(node.baseUrl).call<{ errorCode: number }>('POST', '/api/noauth/activateByEmailCode?emailCode=123456');
    expect(answer.status).toBe(404);
    expect(answer.body.errorCode).toBe(32);
  });
});
