import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../../api/auth/auth-session';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { HelpButton } from './help-button';
import { TitleWithHelp } from './title-with-help';

/**
 * The broker answers the help base (a Starling extension; null: a broker without extensions, as
 * TBMQ, which answers 404 with an empty body); the help server answers the given markdown files.
 */
function stubServers(helpBase: string | null, files: Record<string, string>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/starling/extensions') return helpBase === null ? new Response(null, { status: 404 }) : Response.json({ extensions: ['helpBaseUrl'] });
    if (url === '/api/uiSettings/helpBaseUrl') return helpBase === null ? new Response(null, { status: 404 }) : Response.json(helpBase);
    const markdown = files[url];
    return markdown === undefined ? new Response('', { status: 404 }) : new Response(markdown);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const openHelp = () => fireEvent.click(screen.getByRole('button', { name: 'Open help' }));

describe('help button (spec sections 1, 2 and 7)', () => {
  beforeEach(() => startSession(makeTokenPair()));
  afterEach(() => {
    cleanup();
    endSession();
  });

  it("opens the console's own help on a broker without the help-base extension, without asking it", async () => {
    const fetch = stubServers(null, { [`${window.location.origin}/help/en_US/users.md`]: '# Users' });
    renderWithProviders(<HelpButton helpId="users" />);
    openHelp();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/uiSettings/helpBaseUrl');
  });

  it("opens the page's help from the console's own assets when the broker names no base", async () => {
    stubServers('', { [`${window.location.origin}/help/en_US/users.md`]: '# Users\n\nWho may sign in.' });
    renderWithProviders(<HelpButton helpId="users" />);
    openHelp();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.getByText('Who may sign in.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Help' })).toBeTruthy();
  });

  it('reads help from the base the broker names, without the authorization header', async () => {
    const fetch = stubServers('https://docs.example.com/', { 'https://docs.example.com/help/en_US/sessions.md': '# Sessions' });
    renderWithProviders(<HelpButton helpId="sessions" />);
    openHelp();
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeTruthy();
    const helpCall = fetch.mock.calls.find(([url]) => String(url).startsWith('https://docs.example.com'));
    expect(new Headers(helpCall?.[1]?.headers).has('X-Authorization')).toBe(false);
  });

  it("puts a help button beside a dialog's title that opens the entity's help", async () => {
    stubServers('', { [`${window.location.origin}/help/en_US/ws-message-details.md`]: '# A received message' });
    renderWithProviders(<TitleWithHelp helpId="ws-message-details">Message details</TitleWithHelp>);
    expect(screen.getByText('Message details')).toBeTruthy();
    openHelp();
    expect(await screen.findByRole('heading', { name: 'A received message' })).toBeTruthy();
  });

  it('says "Not found" when no language has the page', async () => {
    stubServers('', {});
    renderWithProviders(<HelpButton helpId="monitoring" />);
    openHelp();
    expect(await screen.findByText('Not found')).toBeTruthy();
  });

  it('closes on Escape', async () => {
    stubServers('', { [`${window.location.origin}/help/en_US/users.md`]: '# Users' });
    renderWithProviders(<HelpButton helpId="users" />);
    openHelp();
    const heading = await screen.findByRole('heading', { name: 'Users' });
    fireEvent.keyDown(heading, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull());
  });
});
