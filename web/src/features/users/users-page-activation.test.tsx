import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../api/generated/model/user';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import UsersPage from './users-page';

// Spec section 7, resend activation mail, on the users page: offered for an account created with
// sendActivationMail that has not set its password yet (the bundled broker's activationPending).

// As TBMQ answers a user: no activationPending at all.
const admin = makeUser({ id: 'admin', email: 'sysadmin@starling.local' });
const ada = makeUser({ id: 'ada', email: 'ada@example.com', activationPending: false });
const bo = makeUser({ id: 'bo', email: 'bo@example.com', activationPending: true });

function stubBroker(users: () => User[], resendAnswer: () => Response): RecordedCall[] {
  return stubBrokerCalls(({ method, url }) => {
    if (url.pathname === '/api/auth/user') return Response.json(admin);
    if (url.pathname === '/api/admin/user/tokenAccessEnabled') return Response.json(true);
    if (url.pathname === '/api/admin' && method === 'GET') return Response.json(pageOf(users(), url));
    if (url.pathname === '/api/admin/user/bo/activationMail' && method === 'POST') return resendAnswer();
    return undefined;
  });
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;
const resendButton = (row: HTMLElement, email: string) => within(row).queryByRole('button', { name: `Resend activation mail to ${email}` });

describe('users page: resend activation mail (spec section 7)', () => {
  setUpSignedInPageTests();

  it('offers the resend only for an account awaiting activation, marked as such, and confirms the mail', async () => {
    const calls = stubBroker(() => [admin, ada, bo], () => new Response(null, { status: 200 }));
    renderPage(<UsersPage />);
    const row = await rowOf('bo@example.com');
    expect(within(row).getByText('Awaiting activation')).toBeTruthy();
    expect(resendButton(await rowOf('ada@example.com'), 'ada@example.com')).toBeNull();
    // A user as TBMQ answers it says nothing about activation: no action.
    expect(resendButton(await rowOf('sysadmin@starling.local'), 'sysadmin@starling.local')).toBeNull();

    fireEvent.click(resendButton(row, 'bo@example.com') as HTMLElement);
    expect((await screen.findByRole('status')).textContent).toContain('Activation mail sent to bo@example.com.');
    expect(calls.filter((call) => call.url.pathname === '/api/admin/user/bo/activationMail').map((call) => call.method)).toEqual(['POST']);
  });

  it('reloads the list when the broker answers that the account was activated meanwhile, and the action goes', async () => {
    let activated = false;
    stubBroker(
      () => [admin, { ...bo, activationPending: !activated }],
      () => {
        activated = true;
        return Response.json({ status: 409, errorCode: 30, message: 'id: bo@example.com has already activated the account', timestamp: 0 }, { status: 409 });
      },
    );
    renderPage(<UsersPage />);
    fireEvent.click(resendButton(await rowOf('bo@example.com'), 'bo@example.com') as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Awaiting activation')).toBeNull());
    expect(resendButton(await rowOf('bo@example.com'), 'bo@example.com')).toBeNull();
  });
});
