import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../api/generated/model/user';
import { saveThemeChoice, THEME_STORAGE_KEY } from '../../components/theme/theme';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { stubSystemColourScheme } from '../../test-support/color-scheme';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import ProfilePage from './profile-page';

const isDark = () => document.documentElement.classList.contains('bp6-dark');

describe("profile page's theme switch (issue 31)", () => {
  setUpSignedInPageTests();
  afterEach(() => saveThemeChoice('system'));

  it('applies a theme at once, without Save; this browser remembers it and the account keeps it', async () => {
    stubSystemColourScheme(false);
    const user = tbmqAnswer<User>('auth/getCurrentUser.json');
    const calls = stubBrokerCalls(({ method, url, body }) => {
      if (url.pathname === '/api/starling/extensions') return new Response(null, { status: 404 });
      if (method === 'GET' && url.pathname === '/api/auth/user') return Response.json(user);
      if (method === 'POST' && url.pathname === '/api/admin') return Response.json(body);
      return undefined;
    });
    renderPage(<ProfilePage />);
    const themes = await screen.findByRole('radiogroup', { name: 'Theme' });
    const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLElement;
    expect(themes).toBeTruthy();
    expect(radio('System').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(radio('Dark'));
    expect(isDark()).toBe(true);
    expect(radio('Dark').getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    // The form's Save stays off: the theme is not one of its unsaved changes.
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const posted = calls.find((call) => call.method === 'POST')?.body as User;
    expect(posted.additionalInfo?.config).toEqual({ theme: 'dark' });
    // The rest of the user as it was saved.
    expect(posted).toMatchObject({ id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName });
    expect(posted.additionalInfo?.lastLoginTs).toBe(user.additionalInfo?.lastLoginTs);

    fireEvent.click(radio('Light'));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
