import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SecuritySettings } from '../../api/generated/model/securitySettings';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import SecuritySettingsPage from './security-settings-page';

const stored: SecuritySettings = {
  passwordPolicy: { minimumLength: 8, maximumLength: 64, minimumDigits: 1, allowWhitespaces: false, forceUserToResetPasswordIfNotValid: false, passwordExpirationPeriodDays: 90 },
  maxFailedSignIns: 5,
  failedSignInWindowSeconds: 900,
};

function stubStarling(saveAnswer: (body: unknown) => Response = (body) => Response.json(body)): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    if (method === 'GET' && url.pathname === '/api/admin/securitySettings') return Response.json(stored);
    if (method === 'POST' && url.pathname === '/api/admin/securitySettings') return saveAnswer(body);
    return undefined;
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const posted = (calls: RecordedCall[]) => calls.find((call) => call.method === 'POST')?.body;

describe('security settings page', () => {
  setUpSignedInPageTests();

  it('shows the stored policy and lockout, and saves a change with both', async () => {
    const calls = stubStarling();
    renderPage(<SecuritySettingsPage />);
    expect((await screen.findByLabelText('Minimum length', { exact: false }) as HTMLInputElement).value).toBe('8');
    expect(field('Minimum digits').value).toBe('1');
    expect(field('Password expiration period').value).toBe('90');
    expect(field('Maximum failed sign-ins').value).toBe('5');
    expect(button('Save').disabled).toBe(true);

    type('Minimum special characters', '2');
    fireEvent.click(button('Save'));
    expect((await screen.findByRole('status')).textContent).toContain('Security settings saved.');
    expect(posted(calls)).toEqual({
      passwordPolicy: { ...stored.passwordPolicy, minimumUppercaseLetters: null, minimumLowercaseLetters: null, minimumSpecialCharacters: 2, passwordReuseFrequencyDays: null },
      maxFailedSignIns: 5,
      failedSignInWindowSeconds: 900,
    });
    await waitFor(() => expect(button('Save').disabled).toBe(true));
  });

  it('names the invalid field, keeps save off until fixed, and cancel puts the stored values back', async () => {
    const calls = stubStarling();
    renderPage(<SecuritySettingsPage />);
    await screen.findByLabelText('Minimum length', { exact: false });
    type('Maximum length', '7');
    expect(screen.getByText('Maximum length must be at least the minimum length (8).')).toBeTruthy();
    expect(button('Save').disabled).toBe(true);
    type('Maximum length', '10');
    type('Minimum uppercase letters', '6');
    type('Minimum special characters', '4');
    expect(screen.getByText(/together ask for 11 characters, more than the maximum length of 10/)).toBeTruthy();
    type('Maximum failed sign-ins', '0');
    expect(screen.getByText('Maximum failed sign-ins must be a whole number from 1 to 1000.')).toBeTruthy();
    fireEvent.click(button('Cancel'));
    expect(field('Maximum length').value).toBe('64');
    expect(field('Maximum failed sign-ins').value).toBe('5');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the broker's refusal under the field it names", async () => {
    stubStarling(() => Response.json({ status: 400, errorCode: 31, message: 'body.passwordPolicy.minimumDigits must be <= 72', timestamp: 0 }, { status: 400 }));
    renderPage(<SecuritySettingsPage />);
    await screen.findByLabelText('Minimum length', { exact: false });
    type('Minimum digits', '2');
    fireEvent.click(button('Save'));
    await screen.findByText('body.passwordPolicy.minimumDigits must be <= 72');
    expect(field('Minimum digits').getAttribute('aria-invalid')).toBe('true');
  });
});
