import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { NewPasswordForm } from './new-password-form';

const policy = { minimumLength: 10, maximumLength: 72, minimumUppercaseLetters: 1, minimumDigits: 2, allowWhitespaces: false };

function renderForm(onSubmit: (password: string) => void) {
  renderWithProviders(<NewPasswordForm token="link-token" submitLabel="Set" pending={false} error={null} onSubmit={onSubmit} />);
}

const typeBoth = (password: string) => {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Set' }));
};

describe('new password form and the password policy', () => {
  afterEach(cleanup);

  it("lists the broker's rules and refuses a password that breaks them before sending, naming the rules", async () => {
    stubBrokerCalls(({ url }) => (url.pathname === '/api/noauth/userPasswordPolicy' ? Response.json(policy) : undefined));
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    const rules = await screen.findByRole('list', { name: 'Password rules' });
    expect(rules.textContent).toContain('10 to 72 characters');
    expect(rules.textContent).toContain('at least 2 digits (0–9)');
    expect(rules.textContent).toContain('no spaces, tabs or line breaks');

    typeBoth('weak pass1');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(/^The password does not meet the password policy: .*at least 1 uppercase letter \(A–Z\).*at least 2 digits.*no spaces/)).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    typeBoth('Strong-Pass-42');
    expect(onSubmit).toHaveBeenCalledWith('Strong-Pass-42');
  });

  it('falls back to checking nothing beyond a match when the broker has no policy call (404)', async () => {
    const calls = stubBrokerCalls(() => undefined);
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/noauth/userPasswordPolicy')).toBe(true));
    typeBoth('x');
    expect(onSubmit).toHaveBeenCalledWith('x');
    expect(screen.queryByRole('list', { name: 'Password rules' })).toBeNull();
  });
});
