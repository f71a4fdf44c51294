import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUserSave } from '../../api/generated/model/adminUserSave';
import type { User } from '../../api/generated/model/user';
import type { UserPage } from '../../api/generated/model/userPage';
import type { UserPasswordPolicy } from '../../api/generated/model/userPasswordPolicy';
import { getAccessToken } from '../../api/auth/token-storage';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import UsersPage from './users-page';

/** TBMQ 2.3 as recorded: its users (names null when unset), its token paths, no Starling extension. */
function stubTbmq(policy?: UserPasswordPolicy): RecordedCall[] {
  const users = tbmqAnswer<UserPage>('users/getAdminUsers.json');
  return stubBrokerCalls(({ method, url, body }) => {
    if (url.pathname === '/api/starling/extensions') return new Response(null, { status: 404 });
    if (policy && url.pathname === '/api/noauth/userPasswordPolicy') return Response.json(policy);
    if (url.pathname === '/api/auth/user') return Response.json(tbmqAnswer('auth/getCurrentUser.json'));
    if (url.pathname === '/api/admin/user/tokenAccessEnabled') return Response.json(true);
    if (url.pathname.endsWith('/token')) return Response.json(tbmqAnswer('auth/getUserToken--tbmq-admin-user-token.json'));
    if (url.pathname === '/api/admin' && method === 'GET') return Response.json(users);
    // TBMQ answers one user at /api/admin/user/{id} as it lists them.
    const one = users.data.find((user) => url.pathname === `/api/admin/user/${user.id}`);
    if (one && method === 'GET') return Response.json(one);
    if (url.pathname === '/api/admin' && method === 'POST') {
      // TBMQ answers the user saved, never a password, and additionalInfo null for a new one.
      const { password: _notAnswered, ...saved } = body as AdminUserSave;
      const recorded = tbmqAnswer<User>(saved.id ? 'users/saveAdminUser--create.json' : 'users/saveAdminUser--create-without-password.json');
      return Response.json({ ...recorded, ...saved, additionalInfo: saved.additionalInfo ?? null });
    }
    if (method === 'DELETE') return new Response(null, { status: 200 });
    return undefined;
  });
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;
const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

describe('users page against TBMQ 2.3', () => {
  setUpSignedInPageTests();

  it('lists the users with unset names left blank', async () => {
    stubTbmq();
    renderPage(<UsersPage />);
    const olga = await rowOf('olga.operator@example.com');
    expect(within(olga).getByText('Operator')).toBeTruthy();
    const nameless = await rowOf('noname.admin@example.com');
    expect(nameless.textContent).not.toContain('null');
  });

  it('adds a user with a one-time password the console makes, since TBMQ would give the shared default, and shows it once', async () => {
    const calls = stubTbmq();
    renderPage(<UsersPage />);
    for (const email of ['temp.user@example.com', 'second.user@example.com']) {
      fireEvent.click(await screen.findByTestId('add-user'));
      fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: email } });
      expect(screen.queryByLabelText('Send activation mail')).toBeNull();
      fireEvent.click(screen.getByTestId('user-dialog-save'));
      const shown = await screen.findByRole('dialog', { name: `One-time password for ${email}` });
      const sent = posts(calls).at(-1);
      expect(sent?.url.search).toBe('');
      expect(sent?.body).toEqual({ email, firstName: null, lastName: null, password: expect.stringMatching(/^[A-Za-z0-9]{20}$/) });
      expect((within(shown).getByLabelText('One-time password') as HTMLInputElement).value).toBe((sent?.body as AdminUserSave).password);
      fireEvent.click(within(shown).getByTestId('initial-password-close'));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /One-time password/ })).toBeNull());
    }
    const [first, second] = posts(calls).map((call) => (call.body as AdminUserSave).password);
    expect(first).not.toBe(second);
  });

  it("makes the one-time password follow TBMQ's password policy, so TBMQ takes it", async () => {
    const policy = { ...tbmqAnswer<UserPasswordPolicy>('auth/userPasswordPolicy.json'), minimumLength: 24, minimumDigits: 3, minimumSpecialCharacters: 2 };
    const calls = stubTbmq(policy);
    renderPage(<UsersPage />);
    fireEvent.click(await screen.findByTestId('add-user'));
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'policy.user@example.com' } });
    // The dialog reads the policy when it opens, and saves only once it has the answer.
    await waitFor(() => expect((screen.getByTestId('user-dialog-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('user-dialog-save'));
    await screen.findByRole('dialog', { name: 'One-time password for policy.user@example.com' });
    const password = (posts(calls).at(-1)?.body as AdminUserSave).password ?? '';
    expect([...password]).toHaveLength(24);
    expect(password.replace(/\D/g, '').length).toBeGreaterThanOrEqual(3);
    expect(password.replace(/[A-Za-z0-9]/g, '').length).toBeGreaterThanOrEqual(2);
    expect(password).not.toMatch(/\s/);
  });

  it('edits a user by sending it back whole, and deletes one', async () => {
    const calls = stubTbmq();
    renderPage(<UsersPage />);
    fireEvent.click(within(await rowOf('noname.admin@example.com')).getByRole('button', { name: 'Edit noname.admin@example.com' }));
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Admin' } });
    fireEvent.click(screen.getByTestId('user-dialog-save'));
    await screen.findByRole('status');
    expect(posts(calls)[0]?.body).toEqual({
      id: '1919ce4a-cdb9-43f8-970e-8e3eee0e52ff',
      createdTime: 1795694479214,
      email: 'noname.admin@example.com',
      firstName: null,
      lastName: 'Admin',
      additionalInfo: { isPasswordChanged: false },
    });

    fireEvent.click(within(await rowOf('olga.operator@example.com')).getByRole('button', { name: 'Delete olga.operator@example.com' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/api/admin/07e5adc7-c619-441d-a2e5-e54a1fbda874'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("signs in as another user through TBMQ's token path", async () => {
    const calls = stubTbmq();
    renderPage(<UsersPage />);
    fireEvent.click(within(await rowOf('olga.operator@example.com')).getByRole('button', { name: 'Sign in as olga.operator@example.com' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/admin/user/07e5adc7-c619-441d-a2e5-e54a1fbda874/token')).toBe(true));
    await waitFor(() => expect(getAccessToken()).toBe(tbmqAnswer<{ token: string }>('auth/getUserToken--tbmq-admin-user-token.json').token));
    expect(calls.some((call) => call.url.pathname.startsWith('/api/user/'))).toBe(false);
  });
});
