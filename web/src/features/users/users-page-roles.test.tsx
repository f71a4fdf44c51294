import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUserSave } from '../../api/generated/model/adminUserSave';
import type { User } from '../../api/generated/model/user';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import UsersPage from './users-page';

const admin = makeUser({ id: 'admin', email: 'sysadmin@starling.local', role: 'ADMIN' });
const viewer = makeUser({ id: 'viewer', email: 'viewer@example.com', role: 'READ_ONLY' });

/** The bundled broker (every extension, roles included), signed in as `signedIn`. */
function stubBroker(signedIn: User, users: User[]): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    if (url.pathname === '/api/auth/user') return Response.json(signedIn);
    if (url.pathname === '/api/admin/user/tokenAccessEnabled') return Response.json(true);
    if (url.pathname === '/api/admin' && method === 'GET') return Response.json(pageOf(users, url));
    if (url.pathname === '/api/admin' && method === 'POST') return Response.json({ ...users.find((user) => user.id === (body as AdminUserSave).id), ...(body as object) });
    const one = users.find((user) => url.pathname === `/api/admin/user/${user.id}`);
    if (one && method === 'GET') return Response.json(one);
    return undefined;
  });
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;
const button = (row: HTMLElement, name: string) => within(row).getByRole('button', { name }) as HTMLButtonElement;

describe('users page: roles (issue 31)', () => {
  setUpSignedInPageTests();

  it("shows each user's role and makes a user read-only from the edit dialog", async () => {
    const other = makeUser({ id: 'other', email: 'other.admin@example.com', role: 'ADMIN' });
    const calls = stubBroker(admin, [admin, other, viewer]);
    renderPage(<UsersPage />);
    expect(within(await rowOf('viewer@example.com')).getByTestId('user-role').textContent).toBe('Read-only');
    expect(within(await rowOf('other.admin@example.com')).getByTestId('user-role').textContent).toBe('Administrator');

    fireEvent.click(button(await rowOf('other.admin@example.com'), 'Edit other.admin@example.com'));
    const role = (await screen.findByLabelText('Role')) as HTMLSelectElement;
    expect(role.value).toBe('ADMIN');
    fireEvent.change(role, { target: { value: 'READ_ONLY' } });
    fireEvent.click(screen.getByTestId('user-dialog-save'));
    await waitFor(() => expect((calls.find((call) => call.method === 'POST')?.body as AdminUserSave | undefined)?.role).toBe('READ_ONLY'));
  });

  it('keeps the last administrator an administrator: its role and its deletion are disabled, with the reason', async () => {
    // Signed in by an account the list does not show (e.g. just made read-only by another window).
    stubBroker(makeUser({ id: 'me', email: 'me@example.com', role: 'ADMIN' }), [admin, viewer]);
    renderPage(<UsersPage />);
    const row = await rowOf('sysadmin@starling.local');
    const remove = button(row, 'Delete sysadmin@starling.local');
    expect(remove.disabled).toBe(true);
    expect(remove.getAttribute('title')).toBe('The last administrator cannot be deleted.');
    expect(button(await rowOf('viewer@example.com'), 'Delete viewer@example.com').disabled).toBe(false);

    fireEvent.click(button(row, 'Edit sysadmin@starling.local'));
    const role = (await screen.findByLabelText('Role')) as HTMLSelectElement;
    expect(role.disabled).toBe(true);
    expect(screen.getByText(/The last administrator stays an administrator/)).toBeTruthy();
  });

  it('lets a read-only account look at users and change none', async () => {
    const calls = stubBroker(viewer, [admin, viewer]);
    renderPage(<UsersPage />);
    const row = await rowOf('sysadmin@starling.local');
    await waitFor(() => expect((screen.getByTestId('add-user') as HTMLButtonElement).disabled).toBe(true));
    expect(button(row, 'Delete sysadmin@starling.local').disabled).toBe(true);
    expect(button(row, 'Sign in as sysadmin@starling.local').disabled).toBe(true);

    // The dialog opens to read: its fields and its save button are disabled.
    fireEvent.click(button(row, 'Edit sysadmin@starling.local'));
    const email = (await screen.findByLabelText(/Email/)) as HTMLInputElement;
    expect(email.value).toBe('sysadmin@starling.local');
    expect(email.matches(':disabled')).toBe(true);
    expect((screen.getByLabelText('Role') as HTMLSelectElement).matches(':disabled')).toBe(true);
    expect((screen.getByTestId('user-dialog-save') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });
});
