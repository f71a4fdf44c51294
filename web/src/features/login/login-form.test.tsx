import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, hasSession } from '../../api/auth/auth-session';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { LoginForm } from './login-form';

function fillIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username (email)'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

describe('login form (spec section 5)', () => {
  beforeEach(() => {
    localStorage.clear();
    endSession();
  });
  afterEach(cleanup);

  it('refuses a username that is not an e-mail and sends nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<LoginForm />);
    fillIn('sysadmin', 'sysadmin');
    expect(screen.queryByText('Invalid email format.')).toBeNull();

    submit();

    expect(screen.getByText('Invalid email format.')).toBeTruthy();
    expect(screen.getByLabelText('Username (email)').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the broker's message when sign-in fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 401, errorCode: 10, message: 'Invalid username or password' }, { status: 401 })),
    );
    renderWithProviders(<LoginForm />);
    fillIn('sysadmin@starling.local', 'wrong');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect(hasSession()).toBe(false);
  });

  it('starts the session with the token pair of a successful sign-in', async () => {
    const fetch = vi.fn(async () => Response.json(makeTokenPair()));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<LoginForm />);
    fillIn('sysadmin@starling.local', 'sysadmin');
    submit();
    await waitFor(() => expect(hasSession()).toBe(true));
    expect(fetch).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST' }));
  });

  it('lets the user reveal the password', () => {
    renderWithProviders(<LoginForm />);
    const password = screen.getByLabelText('Password', { exact: true });
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('asks for a reset, with a link to it, when the password no longer meets the policy (errorCode 45)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 401, errorCode: 45, message: 'Password does not meet the password policy', timestamp: 0 }, { status: 401 })),
    );
    renderWithProviders(<LoginForm />);
    fillIn('sysadmin@starling.local', 'short');
    submit();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Your password no longer meets the password policy. Reset it to sign in.');
    const link = screen.getByRole('link', { name: 'Reset password' });
    expect(link.getAttribute('href')).toBe('/login/resetPasswordRequest');
    expect(hasSession()).toBe(false);
  });
});
