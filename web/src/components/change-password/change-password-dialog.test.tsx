import { OverlaysProvider } from '@blueprintjs/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, hasSession } from '../../api/auth/auth-session';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { clearToasts } from '../../test-support/clear-toasts';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { stubScreenWidth } from '../../test-support/screen-width';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import { ToastHost } from '../toast/toast-host';
import { ChangePasswordDialog } from './change-password-dialog';

function renderDialog(props: { forDefaultPassword?: boolean; onClose?: () => void } = {}) {
  renderWithProviders(
    <OverlaysProvider>
      <ChangePasswordDialog isOpen onClose={props.onClose ?? vi.fn()} forDefaultPassword={props.forDefaultPassword} />
      <ToastHost />
    </OverlaysProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submitButton = () => screen.getByTestId('change-password-submit') as HTMLButtonElement;

/** The calls that send something: the form also reads the password policy (GET) when it opens. */
function posts(fetch: ReturnType<typeof vi.fn>): [string, RequestInit][] {
  return (fetch.mock.calls as [string, RequestInit | undefined][]).filter((call): call is [string, RequestInit] => call[1]?.method === 'POST');
}

function sentBody(fetch: ReturnType<typeof vi.fn>): unknown {
  const [, init] = posts(fetch)[0] as [string, RequestInit];
  return JSON.parse(String(init.body));
}

describe('change password dialog (spec sections 2 and 5)', () => {
  beforeEach(() => {
    localStorage.clear();
    endSession();
    stubScreenWidth(1280);
  });
  afterEach(async () => {
    await clearToasts();
    cleanup();
  });

  it('keeps submit disabled until every field is filled', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    type('Current password', 'old');
    type('New password', 'new');
    expect(submitButton().disabled).toBe(true);
    type('New password again', 'new');
    expect(submitButton().disabled).toBe(false);
  });

  it('refuses different new passwords with an error toast and sends nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    type('Current password', 'old');
    type('New password', 'new-one');
    type('New password again', 'new-two');
    fireEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toContain('Entered passwords must be the same!');
    expect(posts(fetch)).toEqual([]);
  });

  it('changes the default password without asking for it, then stores the new tokens', async () => {
    const fetch = vi.fn(async (path: string) => (path === '/api/noauth/userPasswordPolicy' ? new Response(null, { status: 404 }) : Response.json(makeTokenPair())));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderDialog({ forDefaultPassword: true, onClose });
    expect(screen.getByRole('heading', { name: 'Change default password' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('New password', 'Secret-1');
    type('New password again', 'Secret-1');
    fireEvent.click(submitButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith('/api/auth/changePassword', expect.objectContaining({ method: 'POST' }));
    expect(sentBody(fetch)).toEqual({ currentPassword: 'sysadmin', newPassword: 'Secret-1' });
    expect(hasSession()).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Password changed');
  });

  it.each([
    ['the bundled broker', { status: 400, errorCode: 30, message: 'body.currentPassword does not match the current password' }],
    ['TBMQ 2.3', tbmqAnswer('auth/changePassword--wrong-current.json')],
  ])('asks for the current password after all when %s refuses the default one', async (_broker, refusal) => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(refusal, { status: 400 })));
    renderDialog({ forDefaultPassword: true });
    type('New password', 'Secret-1');
    type('New password again', 'Secret-1');
    fireEvent.click(submitButton());
    const current = (await screen.findByLabelText('Current password')) as HTMLInputElement;
    expect(current.value).toBe('');
    expect(submitButton().disabled).toBe(true);
    // The refusal of the default is expected, not shown as an error: the field says what it wants.
    expect(screen.getByText('Your password is not the default one: type the password you signed in with (a new user: the one-time password you were given).')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the broker's refusal in the dialog", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 400, errorCode: 30, message: 'body.currentPassword does not match the current password' }, { status: 400 })),
    );
    const onClose = vi.fn();
    renderDialog({ onClose });
    type('Current password', 'wrong');
    type('New password', 'new');
    type('New password again', 'new');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toContain('does not match the current password');
    expect(onClose).not.toHaveBeenCalled();
    expect(hasSession()).toBe(false);
  });

  it("lists the broker's password policy and refuses a new password that breaks it before sending", async () => {
    const policy = { minimumLength: 12, minimumSpecialCharacters: 1, allowWhitespaces: false };
    const fetch = vi.fn(async (path: string) => (path === '/api/noauth/userPasswordPolicy' ? Response.json(policy) : Response.json(makeTokenPair())));
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    const rules = await screen.findByRole('list', { name: 'Password rules' });
    expect(rules.textContent).toContain('12 to 72 characters');
    expect(rules.textContent).toContain('at least 1 special character such as ! ? # %');
    type('Current password', 'old-password');
    type('New password', 'short');
    type('New password again', 'short');
    fireEvent.click(submitButton());
    expect(screen.getByText('The password does not meet the password policy: 12 to 72 characters and at least 1 special character such as ! ? # %.')).toBeTruthy();
    expect(posts(fetch)).toEqual([]);

    type('New password', 'long-enough-now!');
    type('New password again', 'long-enough-now!');
    fireEvent.click(submitButton());
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(sentBody(fetch)).toEqual({ currentPassword: 'old-password', newPassword: 'long-enough-now!' });
  });
});
