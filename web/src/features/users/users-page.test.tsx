import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/generated/model/user';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import UsersPage from './users-page';

const admin = makeUser({ id: 'admin', email: 'sysadmin@starling.local' });
const ada = makeUser({ id: 'ada', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });

/** The broker's users API as far as the page uses it; records every call. */
function stubBroker(users: User[], answers: { save?: Response; loaded?: User[] } = {}): RecordedCall[] {
  return stubBrokerCalls(({ method, url }) => {
    if (url.pathname === '/api/auth/user') return Response.json(admin);
    if (url.pathname === '/api/admin/user/tokenAccessEnabled') return Response.json(true);
    if (url.pathname === '/api/admin' && method === 'GET') {
      const search = url.searchParams.get('textSearch') ?? '';
      return Response.json(pageOf(users.filter((user) => user.email.includes(search)), url));
    }
    if (url.pathname === '/api/admin' && method === 'POST') return answers.save ?? Response.json({ ...ada, id: 'new' });
    const one = /^\/api\/admin\/user\/([^/]+)$/.exec(url.pathname);
    if (one && method === 'GET') {
      const found = (answers.loaded ?? users).find((user) => user.id === one[1]);
      return found ? Response.json(found) : Response.json({ status: 404, errorCode: 32, message: 'Requested item wasn\'t found!', timestamp: 0 }, { status: 404 });
    }
    if (method === 'DELETE') return new Response(null, { status: 200 });
    return undefined;
  });
}

const renderPageUnderTest = () => renderPage(<UsersPage />);

const listRequests = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin');
const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;

describe('users page (spec section 2)', () => {
  setUpSignedInPageTests();

  it('lists users newest first and sorts by a clicked column, turning the order round on a second click', async () => {
    const calls = stubBroker([admin, ada]);
    renderPageUnderTest();
    await rowOf('ada@example.com');
    expect(listRequests(calls)[0]?.url.search).toBe('?pageSize=20&page=0&sortProperty=createdTime&sortOrder=DESC');

    fireEvent.click(screen.getByTestId('sort-by-email'));
    await waitFor(() => expect(listRequests(calls).at(-1)?.url.searchParams.get('sortOrder')).toBe('ASC'));
    expect(listRequests(calls).at(-1)?.url.searchParams.get('sortProperty')).toBe('email');
    fireEvent.click(screen.getByTestId('sort-by-email'));
    await waitFor(() => expect(screen.getByTestId('sort-by-email').closest('th')?.getAttribute('aria-sort')).toBe('descending'));
  });

  it('searches on the broker once the user stops typing', async () => {
    const calls = stubBroker([admin, ada]);
    renderPageUnderTest();
    await rowOf('ada@example.com');
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'ada' } });
    await waitFor(() => expect(screen.queryByText('sysadmin@starling.local')).toBeNull());
    expect(listRequests(calls).map((call) => call.url.searchParams.get('textSearch'))).toEqual([null, 'ada']);

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('pages through the users and starts again at the first page for another page size', async () => {
    const many = Array.from({ length: 25 }, (_, index) => makeUser({ id: `u${index}`, email: `user${index}@example.com` }));
    stubBroker(many);
    renderPageUnderTest();
    await rowOf('user0@example.com');
    expect(screen.getByTestId('table-pager-range').textContent).toBe('1–20 of 25');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await rowOf('user24@example.com');
    expect(screen.getAllByTestId('user-row')).toHaveLength(5);
    expect(screen.getByTestId('table-pager-range').textContent).toBe('21–25 of 25');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Items per page'), { target: { value: '50' } });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(25));
    expect(screen.getByTestId('table-pager-range').textContent).toBe('1–25 of 25');
  });

  it('offers neither deletion nor sign-in as oneself', async () => {
    stubBroker([admin, ada]);
    renderPageUnderTest();
    const own = await rowOf('sysadmin@starling.local');
    expect((within(own).getByRole('button', { name: 'Delete sysadmin@starling.local' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(own).queryByRole('button', { name: /Sign in as/ })).toBeNull();
    expect(within(await rowOf('ada@example.com')).getByRole('button', { name: 'Sign in as ada@example.com' })).toBeTruthy();
  });

  it('adds a user with an activation mail, refusing an invalid e-mail first', async () => {
    const calls = stubBroker([admin]);
    renderPageUnderTest();
    fireEvent.click(await screen.findByTestId('add-user'));
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ada' } });
    fireEvent.click(screen.getByTestId('user-dialog-save'));
    expect(screen.getByText('Invalid email format.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada ' } });
    fireEvent.click(screen.getByLabelText('Send activation mail'));
    fireEvent.click(screen.getByTestId('user-dialog-save'));

    expect((await screen.findByRole('status')).textContent).toContain('User saved.');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.search).toBe('?sendActivationMail=true');
    expect(post?.body).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: null, role: 'ADMIN' });
    // The link sets the password: there is none to show.
    expect(screen.queryByRole('dialog', { name: /One-time password/ })).toBeNull();
  });

  it("adds a user without a password and shows the broker's one-time password once, to copy", async () => {
    const secret = 'Qx7bT2mVz9KpL4nW8cRd';
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = stubBroker([admin], { save: Response.json({ ...ada, id: 'new', email: 'grace@example.com', initialPassword: secret }) });
    renderPageUnderTest();
    fireEvent.click(await screen.findByTestId('add-user'));
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'grace@example.com' } });
    // The broker's extensions are known once the activation choice shows: it makes the password.
    await screen.findByLabelText('Send activation mail');
    expect(screen.getByText(/gets a one-time password, shown to you once/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-dialog-save'));

    const shown = await screen.findByRole('dialog', { name: 'One-time password for grace@example.com' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'grace@example.com', firstName: null, lastName: null, role: 'ADMIN' });
    expect((within(shown).getByLabelText('One-time password') as HTMLInputElement).value).toBe(secret);
    expect(shown.textContent).toContain('It is shown only now; the user must change it at the first sign-in.');
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy to clipboard' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));

    fireEvent.click(within(shown).getByTestId('initial-password-close'));
    await waitFor(() => expect(document.body.innerHTML).not.toContain(secret));
  });

  it('edits the user as the broker answers it now (GET /api/admin/user/{id}), not as the list showed it', async () => {
    const calls = stubBroker([admin, ada], { loaded: [{ ...ada, firstName: 'Augusta' }] });
    renderPageUnderTest();
    fireEvent.click(within(await rowOf('ada@example.com')).getByRole('button', { name: 'Edit ada@example.com' }));
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Augusta');
    expect(calls.some((call) => call.method === 'GET' && call.url.pathname === `/api/admin/user/${ada.id}`)).toBe(true);
  });

  it('shows no one-time password after an edit', async () => {
    stubBroker([admin, ada], { save: Response.json(ada) });
    renderPageUnderTest();
    fireEvent.click(within(await rowOf('ada@example.com')).getByRole('button', { name: 'Edit ada@example.com' }));
    fireEvent.click(await screen.findByTestId('user-dialog-save'));
    expect((await screen.findByRole('status')).textContent).toContain('User saved.');
    expect(screen.queryByRole('dialog', { name: /One-time password/ })).toBeNull();
  });

  it("shows the broker's refusal next to the field it names", async () => {
    const refusal = { status: 409, errorCode: 30, message: 'body.email: a user with e-mail ada@example.com already exists', timestamp: 0 };
    stubBroker([admin, ada], { save: Response.json(refusal, { status: 409 }) });
    renderPageUnderTest();
    fireEvent.click(within(await rowOf('ada@example.com')).getByRole('button', { name: 'Edit ada@example.com' }));
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Ada');
    fireEvent.click(screen.getByTestId('user-dialog-save'));
    expect(await screen.findByText('a user with e-mail ada@example.com already exists')).toBeTruthy();
    expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes a user after confirmation', async () => {
    const calls = stubBroker([admin, ada]);
    renderPageUnderTest();
    fireEvent.click(within(await rowOf('ada@example.com')).getByRole('button', { name: 'Delete ada@example.com' }));
    expect(await screen.findByText('Are you sure you want to delete the user “ada@example.com”?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    expect((await screen.findByRole('status')).textContent).toContain('User deleted.');
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/api/admin/ada');
  });
});
