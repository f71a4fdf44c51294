import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import englishMessages from '../../public/assets/locale/locale.constant-en_US.json';
import { endSession, startSession } from '../api/auth/auth-session';
import { makeTokenPair } from '../api/auth/test-tokens';
import type { User } from '../api/generated/model/user';
import { tbmqAnswer } from '../test-support/tbmq-recorded-answers';
import { App } from './app';

// Home's monitoring card draws on a canvas, which jsdom has not (Chromium shows it: e2e/tests/home.spec.ts).
vi.mock('../features/home/monitoring/monitoring-card', () => ({ MonitoringCard: () => null }));

/** Users as TBMQ 2.3 answers GET /api/auth/user: names null, isPasswordChanged. */
const user = tbmqAnswer<User>('auth/getCurrentUser.json');
const beforePasswordChange = tbmqAnswer<User>('auth/getCurrentUser--before-password-change.json');
const afterPasswordChange = tbmqAnswer<User>('auth/getCurrentUser--after-password-change.json');

/** What the broker holds: the user as GET /api/auth/user answers it, and whether it refuses the rest with code 21. */
const broker = { user, passwordChangeRequired: false };
/** The calls the console made, by path. */
let called: string[] = [];

/** The broker and the static locale file, as far as signing in needs them. */
function answer(url: string, init?: RequestInit): Response {
  if (url.includes('/assets/locale/locale.constant-en_US.json')) return Response.json(englishMessages);
  called.push(url);
  if (url === '/api/auth/login') return Response.json(makeTokenPair());
  if (url === '/api/auth/changePassword' && init?.method === 'POST') {
    // As TBMQ: the change answers a token pair, and the user reads as changed from then on.
    broker.user = afterPasswordChange;
    return Response.json(makeTokenPair());
  }
  if (url === '/api/auth/user') return Response.json(broker.user);
  if (url === '/api/app/config') return Response.json({ mqttPort: 1883 });
  if (broker.passwordChangeRequired) return Response.json({ status: 403, errorCode: 21, message: 'Change your password first' }, { status: 403 });
  if (url === '/api/system/info') return Response.json({ version: '1.3.0' });
  return Response.json({ status: 404, errorCode: 32, message: 'Not found' }, { status: 404 });
}

describe('console routing (spec section 2)', () => {
  beforeEach(() => {
    localStorage.clear();
    endSession();
    broker.user = user;
    broker.passwordChangeRequired = false;
    called = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => answer(url, init)));
    // jsdom has no layout: report a wide screen, where the side menu is fixed and open.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterEach(cleanup);

  it('sends an unauthenticated user to login and, after sign-in, to the page first asked for', async () => {
    window.history.replaceState(null, '', '/sessions');
    render(<App />);

    await screen.findByLabelText('Username (email)');
    expect(window.location.pathname).toBe('/login');

    fireEvent.change(screen.getByLabelText('Username (email)'), { target: { value: user.email } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sysadmin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(window.location.pathname).toBe('/sessions');
    expect(menu.querySelector('[aria-current="page"]')?.textContent).toBe('Sessions');
    await waitFor(() => expect(document.title).toBe('Starling | Sessions'));
  });

  it.each(['/', '/no-such-page'])('opens home for %s when signed in', async (path) => {
    startSession(makeTokenPair());
    window.history.replaceState(null, '', path);
    render(<App />);

    expect(await screen.findByTestId('broker-version')).toBeTruthy();
    expect(window.location.pathname).toBe('/home');
  });

  it('logs out from the user menu: both tokens cleared, back at login', async () => {
    startSession(makeTokenPair());
    window.history.replaceState(null, '', '/home');
    render(<App />);

    fireEvent.click(await screen.findByRole('button', { name: user.email }));
    expect(screen.getByText('Administrator')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('logout'));

    await screen.findByLabelText('Username (email)');
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('starling_jwt_token')).toBeNull();
    expect(localStorage.getItem('starling_refresh_token')).toBeNull();
  });

  it('asks a user whose password someone else chose only what the broker answers such a session', async () => {
    broker.user = beforePasswordChange;
    broker.passwordChangeRequired = true;
    startSession(makeTokenPair());
    window.history.replaceState(null, '', '/home');
    render(<App />);

    expect(await screen.findByTestId('forced-password-change')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The password policy is a no-sign-in call: the change screen lists it.
    expect([...new Set(called)].sort()).toEqual(['/api/app/config', '/api/auth/user', '/api/noauth/userPasswordPolicy']);
  });

  it('holds a TBMQ user whose password is not changed at the forced-change screen until the change, then opens the console', async () => {
    // TBMQ refuses nothing: the console decides from additionalInfo.isPasswordChanged alone.
    broker.user = beforePasswordChange;
    startSession(makeTokenPair());
    window.history.replaceState(null, '', '/home');
    render(<App />);

    expect(await screen.findByTestId('forced-password-change')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Harbour-lights-42' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'Harbour-lights-42' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));

    expect(await screen.findByTestId('broker-version')).toBeTruthy();
    expect(screen.queryByTestId('forced-password-change')).toBeNull();
  });

  it('opens the forced-change screen, not the forbidden dialog, when the broker answers a call with code 21', async () => {
    startSession(makeTokenPair());
    window.history.replaceState(null, '', '/home');
    render(<App />);
    expect(await screen.findByTestId('broker-version')).toBeTruthy();

    // Meanwhile the session turned out to be one whose password must change (a sign-in as another user).
    broker.user = beforePasswordChange;
    broker.passwordChangeRequired = true;
    fireEvent.click(screen.getByRole('navigation', { name: 'Main menu' }).querySelector('a[href="/sessions"]') as HTMLElement);

    expect(await screen.findByTestId('forced-password-change')).toBeTruthy();
    expect(screen.queryByText('Access forbidden')).toBeNull();
  });
});
