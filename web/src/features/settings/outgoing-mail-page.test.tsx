import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import OutgoingMailPage from './outgoing-mail-page';

const stored = {
  mailFrom: 'Starling <noreply@example.com>',
  smtpProtocol: 'smtp',
  smtpHost: 'mail.example.com',
  smtpPort: 25,
  timeout: 10000,
  enableTls: false,
  username: 'starling',
  passwordSet: true,
};

/** The broker's settings API; the test mail answers as given. */
function stubBroker(testMailAnswer: () => Response = () => new Response(null, { status: 200 })) {
  const posts: { path: string; body: { jsonValue: Record<string, unknown> } }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/auth/user') return Response.json(makeUser({ email: 'ada@example.com' }));
      if (path === '/api/admin/settings/mail') return Response.json({ key: 'mail', jsonValue: stored });
      const body = JSON.parse(String(init?.body)) as (typeof posts)[number]['body'];
      posts.push({ path, body });
      if (path === '/api/admin/settings/testMail') return testMailAnswer();
      const { password: _never, ...answered } = body.jsonValue;
      return Response.json({ key: 'mail', jsonValue: { ...answered, passwordSet: true } });
    }),
  );
  return posts;
}

const renderPageUnderTest = () => renderPage(<OutgoingMailPage />);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const typePassword = (value: string) => fireEvent.change(screen.getByLabelText('Password'), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('outgoing mail page', () => {
  setUpSignedInPageTests();

  it('shows the stored settings, the password only as unchanged, and saves without resending it', async () => {
    const posts = stubBroker();
    renderPageUnderTest();
    expect(((await screen.findByLabelText('SMTP host', { exact: false })) as HTMLInputElement).value).toBe('mail.example.com');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Unchanged – type to replace');
    expect(saveButton().disabled).toBe(true);

    type('Timeout', '20000');
    fireEvent.click(saveButton());
    expect((await screen.findByRole('status')).textContent).toContain('Outgoing mail settings saved.');
    expect(posts[0]?.body.jsonValue).toEqual({ ...stored, timeout: 20000, passwordSet: undefined });
    expect(posts[0]?.body.jsonValue).not.toHaveProperty('password');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('names an invalid field and keeps save and test mail off until it is fixed', async () => {
    stubBroker();
    renderPageUnderTest();
    await screen.findByLabelText('SMTP port', { exact: false });
    type('SMTP port', '70000');
    expect(screen.getByText('SMTP port must be a whole number from 1 to 65535.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send test mail' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a test mail to the signed-in user with the settings in the form', async () => {
    const posts = stubBroker();
    renderPageUnderTest();
    await screen.findByLabelText('SMTP host', { exact: false });
    type('SMTP host', 'smtp.example.org');
    typePassword('for-the-new-host');
    fireEvent.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect((await screen.findByRole('status')).textContent).toContain('Test mail was sent to ada@example.com.');
    expect(posts[0]?.path).toBe('/api/admin/settings/testMail');
    expect(posts[0]?.body.jsonValue).toMatchObject({ smtpHost: 'smtp.example.org', password: 'for-the-new-host' });
  });

  it('asks for the password again when the host, port or username change, as the broker keeps it only for those', async () => {
    const posts = stubBroker();
    renderPageUnderTest();
    await screen.findByLabelText('SMTP host', { exact: false });
    const retype = 'Type the password again: the stored one is kept only for the host, port and username it was saved with, and is not sent unencrypted when it was saved for TLS.';
    for (const [label, value] of [['SMTP host', 'mail.attacker.example'], ['SMTP port', '2525'], ['Username', 'someone-else']] as const) {
      const original = (screen.getByLabelText(label, { exact: false }) as HTMLInputElement).value;
      type(label, value);
      expect(screen.getByText(retype)).toBeTruthy();
      expect((screen.getByLabelText('Password') as HTMLInputElement).placeholder).toBe('');
      expect(saveButton().disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Send test mail' }) as HTMLButtonElement).disabled).toBe(true);
      type(label, original);
      expect(screen.queryByText(retype)).toBeNull();
    }
    type('SMTP host', 'mail.attacker.example');
    typePassword('typed-anew');
    expect(screen.queryByText(retype)).toBeNull();
    fireEvent.click(saveButton());
    await screen.findByRole('status');
    expect(posts[0]?.body.jsonValue).toMatchObject({ smtpHost: 'mail.attacker.example', password: 'typed-anew' });
  });

  it("shows the mail server's refusal of the test mail as an error", async () => {
    const refusal = 'The mail server smtp.example.org:25 did not take the mail: <connection refused>';
    stubBroker(() => Response.json({ status: 400, errorCode: 2, message: refusal, timestamp: 0 }, { status: 400 }));
    renderPageUnderTest();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test mail' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
  });
});
