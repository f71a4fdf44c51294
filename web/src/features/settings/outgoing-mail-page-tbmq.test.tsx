import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../api/generated/model/adminSettings';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import OutgoingMailPage from './outgoing-mail-page';

/** TBMQ 2.3's mail settings as it stores them: port and timeout as strings, its own fields, the row's id; no password hint. */
const stored = tbmqAnswer<AdminSettings>('settings/getAdminSettings--mail-after-save.json');

function stubTbmq(): RecordedCall[] {
  return stubBrokerCalls(({ method, url }) => {
    if (url.pathname === '/api/starling/extensions') return new Response(null, { status: 404 });
    if (url.pathname === '/api/auth/user') return Response.json(tbmqAnswer('auth/getCurrentUser.json'));
    if (method === 'GET' && url.pathname === '/api/admin/settings/mail') return Response.json(stored);
    if (method === 'POST' && url.pathname === '/api/admin/settings') return Response.json(tbmqAnswer('settings/saveAdminSettings--mail.json'));
    if (method === 'POST' && url.pathname === '/api/admin/settings/testMail') return new Response(null, { status: 200 });
    return undefined;
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const posted = (calls: RecordedCall[], path: string) => calls.find((call) => call.method === 'POST' && call.url.pathname === path)?.body;

describe('outgoing mail page against TBMQ 2.3', () => {
  setUpSignedInPageTests();

  it("loads TBMQ's stored form and saves it back with the row's id, its own fields and no password", async () => {
    const calls = stubTbmq();
    renderPage(<OutgoingMailPage />);
    expect((await screen.findByLabelText('SMTP port', { exact: false }) as HTMLInputElement).value).toBe('587');
    expect(field('Timeout').value).toBe('10000');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');

    fireEvent.change(field('Timeout'), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toContain('Outgoing mail settings saved.');
    expect(posted(calls, '/api/admin/settings')).toEqual({
      id: '13402feb-30ff-488d-bb15-8fea3d6d09a5',
      createdTime: 0,
      key: 'mail',
      jsonValue: { ...stored.jsonValue, smtpPort: 587, timeout: 20000 },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a test mail through TBMQ with the password typed', async () => {
    const calls = stubTbmq();
    renderPage(<OutgoingMailPage />);
    await screen.findByLabelText('SMTP port', { exact: false });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not-a-real-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect((await screen.findByRole('status')).textContent).toContain('Test mail was sent to sysadmin@thingsboard.org.');
    expect(posted(calls, '/api/admin/settings/testMail')).toMatchObject({ key: 'mail', jsonValue: { smtpHost: 'smtp.example.com', password: 'not-a-real-secret', enableProxy: false } });
  });
});
