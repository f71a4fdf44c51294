import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCurrentUser } from '../../api/use-current-user';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import ProfilePage from './profile-page';

/** Stands for the app shell, which takes the console language from the signed-in user. */
function ConsoleLanguage() {
  return <output data-testid="console-language">{useCurrentUser()?.additionalInfo.lang}</output>;
}

function stubBroker() {
  const user = makeUser({ firstName: 'Ada', lastName: 'Admin' });
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/user') return Response.json(user);
    if (url === '/api/admin/user' && init?.method === 'POST') {
      const changes = JSON.parse(String(init.body)) as { firstName: string; lastName: string; additionalInfo: object };
      return Response.json({ ...user, ...changes, additionalInfo: { ...user.additionalInfo, ...changes.additionalInfo } });
    }
    return Response.json({ status: 404, errorCode: 32, message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('profile page (spec section 2)', () => {
  setUpSignedInPageTests();

  it('saves only after a change, and a new language reaches the whole console', async () => {
    const fetch = stubBroker();
    renderPage(
      <>
        <ProfilePage />
        <ConsoleLanguage />
      </>,
    );
    const save = (await screen.findByRole('button', { name: 'Save' })) as HTMLButtonElement;
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    expect(save.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de_DE' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: ' Grace ' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(screen.getByTestId('console-language').textContent).toBe('de_DE'));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/admin/user') as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ firstName: 'Grace', lastName: 'Admin', additionalInfo: { lang: 'de_DE' } });
    expect(screen.getByRole('heading', { name: 'Grace Admin' })).toBeTruthy();
    expect(save.disabled).toBe(true);
  });

  it('opens the change-password dialog', async () => {
    stubBroker();
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });
});
