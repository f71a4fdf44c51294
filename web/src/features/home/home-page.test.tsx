import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrokerConfig } from '../../api/generated/model/brokerConfig';
import type { ClientSessionStats } from '../../api/generated/model/clientSessionStats';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { testQueryClient } from '../../test-support/render-with-providers';
import { getGetBrokerConfigQueryKey } from '../../api/generated/endpoints/app/app';
import { makeUser } from '../../test-support/test-user';
import { GETTING_STARTED_POLL_MS } from './help/getting-started-card';
import { progressKey } from './help/getting-started-progress';
import HomePage from './home-page';

// The monitoring card's charts draw on a canvas, which jsdom has not: e2e/tests/monitoring.spec.ts
// and home.spec.ts see them in Chromium. Here the other cards are under test.
vi.mock('./monitoring/monitoring-card', () => ({ MonitoringCard: () => null }));

const CONFIG: BrokerConfig = { tcpPort: 1883, tcpListenerEnabled: true, wsPort: 8084, wsPath: '/mqtt', tlsListenerEnabled: false, anonymousAccessMode: 'AUTO' };

/** A broker answering the home page's calls; the session counters are the test's to change. */
function stubHomeBroker(sessions: { stats: ClientSessionStats }) {
  return stubBrokerCalls(({ method, url }) => {
    if (method !== 'GET') return undefined;
    switch (url.pathname) {
      case '/api/auth/user':
        return Response.json(makeUser({ id: 'operator-7' }));
      case '/api/client-session/info':
        return Response.json(sessions.stats);
      case '/api/mqtt/client/credentials/info':
        return Response.json({ deviceCredentialsCount: 0, applicationCredentialsCount: 0, totalCount: 0 });
      case '/api/mqtt/anonymousAccess':
        return Response.json({ mode: 'AUTO', allowed: true, pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] });
      case '/api/app/config':
        return Response.json(CONFIG);
      case '/api/system/info':
        return Response.json({ version: '1.3.0' });
      // No active alerts.
      case '/api/monitoring/alert':
        return Response.json({ data: [], totalPages: 0, totalElements: 0, hasNext: false });
      default:
        return undefined;
    }
  });
}

const idle = (): { stats: ClientSessionStats } => ({ stats: { connectedCount: 0, disconnectedCount: 0, totalCount: 0 } });
const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.url.pathname === path).length;
const card = (name: string) => screen.findByRole('region', { name });

describe('home dashboard (spec section 2)', () => {
  setUpSignedInPageTests();
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the broker config as key/value rows, booleans as Yes/No, ports as written', async () => {
    stubHomeBroker(idle());
    renderPage(<HomePage />);
    const config = await card('Config');
    expect((await within(config).findByTestId('config-tcpPort')).textContent).toBe('MQTT port1883');
    expect(within(config).getByTestId('config-tcpListenerEnabled').textContent).toBe('MQTT listenerYes');
    expect(within(config).getByTestId('config-tlsListenerEnabled').textContent).toBe('MQTT over TLSNo');
    expect(within(config).getByTestId('config-wsPath').textContent).toBe('WebSocket path/mqtt');
  });

  it('gives every card a help icon opening its documentation page in a new tab', async () => {
    stubHomeBroker(idle());
    renderPage(<HomePage />);
    const pages = { Sessions: 'sessions', 'Client credentials': 'client-credentials', Config: 'config', Version: 'version', 'Quick links': '', 'Getting started': 'getting-started' };
    for (const [name, page] of Object.entries(pages)) {
      const help = within(await card(name)).getByRole('link', { name: 'Open the documentation in a new tab' });
      expect(help.getAttribute('href'), name).toBe(`${window.location.origin}/docs/en/${page}`);
      expect(help.getAttribute('target'), name).toBe('_blank');
    }
  });

  it('links the documentation the spec names from the quick links, each in a new tab', async () => {
    stubHomeBroker(idle());
    renderPage(<HomePage />);
    const quickLinks = await card('Quick links');
    // The card's title links to the documentation's index; the list below it is what the spec names.
    expect(within(quickLinks).getByRole('link', { name: 'Quick links' }).getAttribute('href')).toBe(`${window.location.origin}/docs/en/`);
    const links = within(quickLinks).getAllByRole('link').filter((link) => link.getAttribute('role') !== 'link' && !link.classList.contains('home-card__title-link'));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')?.replace(window.location.origin, '')])).toEqual([
      ['REST API', '/docs/en/rest-api'],
      ['Configuration', '/docs/en/config'],
      ['Integration with an IoT platform', '/docs/en/iot-platform-integration'],
      ['Performance tests', '/docs/en/performance-tests'],
      ['Security', '/docs/en/security'],
      ['MQTT client type', '/docs/en/mqtt-client-type'],
      ['Shared subscriptions', '/docs/en/shared-subscriptions'],
      ['Retained messages', '/docs/en/retained-messages'],
    ]);
    expect(links.every((link) => link.getAttribute('target') === '_blank' && link.getAttribute('rel') === 'noopener')).toBe(true);
  });

  it('asks nothing again that the signed-in console already holds: the broker config the session loaded', async () => {
    const calls = stubHomeBroker(idle());
    // As the session leaves it: GET /api/app/config answered once at sign-in (app/auth/auth-provider.tsx).
    const queryClient = testQueryClient();
    queryClient.setQueryData(getGetBrokerConfigQueryKey(), CONFIG);
    renderPage(<HomePage />, queryClient);
    await screen.findByTestId('config-tcpPort');
    await screen.findByTestId('broker-version');
    expect(await card('Getting started')).toBeTruthy();
    expect(callsTo(calls, '/api/app/config')).toBe(0);
    for (const path of ['/api/client-session/info', '/api/mqtt/client/credentials/info', '/api/system/info']) expect(callsTo(calls, path), path).toBe(1);
  });

  it('refreshes the counters every 60000 ms, and the config and version every 660000 ms', async () => {
    const sessions = idle();
    sessions.stats = { connectedCount: 1, disconnectedCount: 0, totalCount: 1 };
    const calls = stubHomeBroker(sessions);
    renderPage(<HomePage />);
    await screen.findByTestId('config-tcpPort');
    await screen.findByTestId('broker-version');
    const counted = () => ({
      sessions: callsTo(calls, '/api/client-session/info'),
      credentials: callsTo(calls, '/api/mqtt/client/credentials/info'),
      config: callsTo(calls, '/api/app/config'),
      version: callsTo(calls, '/api/system/info'),
    });
    const start = counted();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(counted()).toEqual({ ...start, sessions: start.sessions + 1, credentials: start.credentials + 1 });
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(counted()).toMatchObject({ sessions: start.sessions + 11, config: start.config + 1, version: start.version + 1 });
  });

  it('shows the first client’s commands for this host and the MQTT port, each with a copy button', async () => {
    stubHomeBroker(idle());
    renderPage(<HomePage />);
    const step = within(await card('Getting started')).getByTestId('getting-started-step-2');
    const command = `mosquitto_sub -h ${window.location.hostname} -p 1883 -u '<username>' -P '<password>' -t 'sensors/#' -v`;
    expect(await within(step).findByText(command)).toBeTruthy();
    expect(within(step).getAllByRole('button', { name: 'Copy to clipboard' })).toHaveLength(2);
  });

  it('ticks the connect step off as soon as a client connects, and keeps it ticked', async () => {
    const sessions = idle();
    stubHomeBroker(sessions);
    renderPage(<HomePage />);
    const step = within(await card('Getting started')).getByTestId('getting-started-step-2');
    expect(await within(step).findByText('Waiting for a client to connect…')).toBeTruthy();
    expect(within(step).queryByLabelText('Done')).toBeNull();

    sessions.stats = { connectedCount: 1, disconnectedCount: 0, totalCount: 1 };
    await act(() => vi.advanceTimersByTimeAsync(GETTING_STARTED_POLL_MS));
    expect(within(step).getByLabelText('Done')).toBeTruthy();
    expect(within(step).getByText('A client has connected.')).toBeTruthy();

    // The client leaves again: the step stays done, also for this user's next visit.
    sessions.stats = { connectedCount: 0, disconnectedCount: 0, totalCount: 0 };
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(within(step).getByLabelText('Done')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(progressKey('operator-7')) ?? '{}')).toMatchObject({ clientConnected: true });
  });

  it('hides getting started for this user, remembered, and shows it again from the quick links', async () => {
    stubHomeBroker(idle());
    const page = renderPage(<HomePage />);
    fireEvent.click(within(await card('Getting started')).getByRole('button', { name: 'Hide getting started' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    expect(localStorage.getItem('starling_getting_started_operator-7')).toContain('"hidden":true');

    page.unmount();
    renderPage(<HomePage />);
    const show = await within(await card('Quick links')).findByRole('button', { name: 'Show getting started' });
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    fireEvent.click(show);
    expect(await card('Getting started')).toBeTruthy();
  });
});
