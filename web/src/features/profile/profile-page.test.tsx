import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../api/generated/model/user';
import { useCurrentUser } from '../../api/auth/use-current-user';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import ProfilePage from './profile-page';

/** Stands for the app shell, which takes the console language from the signed-in user. */
function ConsoleLanguage() {
  return <output data-testid="console-language">{useCurrentUser()?.additionalInfo?.lang}</output>;
}

/**
 * TBMQ 2.3 as recorded: the sysadmin without names, no Starling extensions, and the profile saved as
 * TBMQ's own console saves it (the whole user posted to /api/admin, answered with isPasswordChanged).
 */
function stubTbmq(): RecordedCall[] {
  const user = tbmqAnswer<User>('auth/getCurrentUser.json');
  return stubBrokerCalls(({ method, url, body }) => {
    if (url.pathname === '/api/starling/extensions') return new Response(null, { status: 404 });
    if (method === 'GET' && url.pathname === '/api/auth/user') return Response.json(user);
    if (method === 'POST' && url.pathname === '/api/admin') {
      const saved = body as User;
      return Response.json({ ...saved, additionalInfo: { ...saved.additionalInfo, isPasswordChanged: true } });
    }
    return undefined;
  });
}

describe('profile page (spec section 2)', () => {
  setUpSignedInPageTests();

  it("saves through TBMQ's POST /api/admin with the whole user, and a new language reaches the whole console", async () => {
    const calls = stubTbmq();
    renderPage(
      <>
        <ProfilePage />
        <ConsoleLanguage />
      </>,
    );
    // No names on TBMQ (null): the heading shows the e-mail, the fields are empty.
    expect(await screen.findByRole('heading', { name: 'sysadmin@thingsboard.org' })).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    expect(save.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de_DE' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: ' Grace ' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(screen.getByTestId('console-language').textContent).toBe('de_DE'));
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted.map((call) => call.url.pathname)).toEqual(['/api/admin']);
    expect(posted[0]?.body).toEqual({
      id: '304afb63-3d99-4e9f-a998-7b7d0cec54ce',
      createdTime: 1795692946227,
      email: 'sysadmin@thingsboard.org',
      firstName: 'Grace',
      lastName: null,
      additionalInfo: { lastLoginTs: 1795694639849, isPasswordChanged: true, lang: 'de_DE' },
    });
    expect(screen.getByRole('heading', { name: 'Grace' })).toBeTruthy();
    expect(save.disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the change-password dialog', async () => {
    stubTbmq();
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });
});
