import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SecuritySettings } from '../../api/generated/model/securitySettings';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import SecuritySettingsPage from './security-settings-page';

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const posted = (calls: RecordedCall[]) => calls.find((call) => call.method === 'POST')?.body;

describe('security settings page against TBMQ 2.3', () => {
  setUpSignedInPageTests();

  it("against TBMQ 2.3 hides the lockout and saves the recorded policy shape, the policy only", async () => {
    const recorded = tbmqAnswer<SecuritySettings>('settings/getSecuritySettings.json');
    const calls = stubBrokerCalls(({ method, url }) => {
      if (url.pathname === '/api/starling/extensions') return new Response(null, { status: 404 });
      if (method === 'GET' && url.pathname === '/api/admin/securitySettings') return Response.json(recorded);
      if (method === 'POST' && url.pathname === '/api/admin/securitySettings') return Response.json(tbmqAnswer('settings/saveSecuritySettings.json'));
      return undefined;
    });
    renderPage(<SecuritySettingsPage />);
    expect((await screen.findByLabelText('Minimum length', { exact: false }) as HTMLInputElement).value).toBe('6');
    expect(field('Minimum digits').value).toBe('');
    expect(screen.queryByLabelText('Maximum failed sign-ins', { exact: false })).toBeNull();
    expect(screen.queryByText('Sign-in lockout')).toBeNull();

    type('Minimum length', '7');
    type('Minimum length', '6');
    expect(button('Save').disabled).toBe(true);
    type('Minimum digits', '0');
    fireEvent.click(button('Save'));
    expect((await screen.findByRole('status')).textContent).toContain('Security settings saved.');
    expect(posted(calls)).toEqual({ passwordPolicy: { ...recorded.passwordPolicy, minimumDigits: 0 } });
  });
});
