import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCurrentToast } from '../../components/toast/toast-store';
import type { RecordedCall } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import SessionsPage from './sessions-page';
import { recording, stubTbmqSessionsBroker } from './tbmq-recordings-broker';

/** Starling's own calls (x-starling-extension), which a production broker does not have. */
const EXTENSION_PATHS = ['/api/starling/extensions', '/api/client-session/events', '/api/v2/client-session/disconnect', '/api/v2/client-session/remove'];
const extensionCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => EXTENSION_PATHS.slice(1).includes(call.url.pathname) || (call.method === 'POST' && call.url.pathname.startsWith('/api/client-session/')));

const openAt = (path: string) => {
  window.history.replaceState(null, '', path);
  return renderPage(<SessionsPage />);
};

describe('sessions page against TBMQ 2.3 (recorded answers, no extensions)', () => {
  setUpSignedInPageTests();
  beforeEach(() => window.history.replaceState(null, '', '/sessions'));

  it('lists the sessions without Starling’s queued column, tick boxes or bulk actions, and no NaN', async () => {
    const calls = stubTbmqSessionsBroker();
    openAt('/sessions');
    const row = (await screen.findByRole('button', { name: 'dev-v5-live' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('5')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Queued/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('disconnect-matching')).toBeNull();
    expect(document.body.textContent).not.toMatch(/NaN|1970/);
    expect(getCurrentToast()).toBeNull();
    expect(extensionCalls(calls)).toEqual([]);
  });

  it('shows TBMQ’s session details, its subscriptions with QoS levels, and says the event history is not on this broker', async () => {
    const calls = stubTbmqSessionsBroker();
    openAt('/sessions?session=dev-v5-live');
    const drawer = (await screen.findByTestId('session-details-client-id')).closest('.session-details') as HTMLElement;
    expect(within(drawer).getByText('55dd01e6-20dc-4df8-9fdc-0d4d4ce89b9c')).toBeTruthy();
    expect(within(drawer).getByText('Ends with the connection')).toBeTruthy();
    // TBMQ names the MQTT version only in its sign-in details (GET /api/client-session/details).
    await waitFor(() => expect(within(drawer).getByRole('row', { name: /MQTT version/ }).textContent).toContain('5'));
    expect(drawer.textContent).not.toMatch(/NaN|1970/);

    fireEvent.click(within(drawer).getByRole('tab', { name: 'Subscriptions' }));
    const rows = within(drawer).getAllByTestId('subscription-row');
    expect(rows.map((subscriptionRow) => subscriptionRow.querySelectorAll('td')[1]?.textContent)).toEqual(['1', '1', '0', '2', '2']);
    expect(rows.map((subscriptionRow) => subscriptionRow.querySelectorAll('td')[5]?.textContent)).toEqual(['42', '—', '—', '—', '7']);

    fireEvent.click(within(drawer).getByRole('tab', { name: 'Event history' }));
    expect(await within(drawer).findByText(/Not on this broker/)).toBeTruthy();
    expect(getCurrentToast()).toBeNull();
    expect(extensionCalls(calls)).toEqual([]);
  });

  it('disconnects from the details with TBMQ’s call, naming the session', async () => {
    const calls = stubTbmqSessionsBroker();
    openAt('/sessions?session=dev-v5-live');
    fireEvent.click(await screen.findByTestId('session-details-disconnect'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const disconnect = calls.find((call) => call.method === 'DELETE');
    expect(disconnect?.url.pathname).toBe('/api/client-session/disconnect');
    expect(Object.fromEntries(disconnect?.url.searchParams ?? [])).toEqual({ clientId: 'dev-v5-live', sessionId: '55dd01e6-20dc-4df8-9fdc-0d4d4ce89b9c' });
  });

  it('shows the disconnect once TBMQ has applied it, which it does a moment after answering', async () => {
    // TBMQ answers the DELETE first and disconnects through its queues: its recorded details right
    // after a disconnect still say CONNECTED. Here the session reads as connected twice more.
    const connected = recording('sessions/getClientSessionDetails--device-v5-connected-subscription-options.json').response.body as Record<string, unknown>;
    let readsAfterDisconnect: number | null = null;
    stubTbmqSessionsBroker((call) => {
      if (call.method === 'DELETE') readsAfterDisconnect = 0;
      if (readsAfterDisconnect === null || call.method !== 'GET' || call.url.pathname !== '/api/client-session') return undefined;
      readsAfterDisconnect += 1;
      return Response.json(readsAfterDisconnect <= 2 ? connected : { ...connected, connectionState: 'DISCONNECTED', disconnectedAt: Date.now() });
    });
    openAt('/sessions?session=dev-v5-live');
    fireEvent.click(await screen.findByTestId('session-details-disconnect'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    // Before the next regular refresh (10 s), without a reload.
    expect(await screen.findByTestId('session-details-remove')).toBeTruthy();
    expect(readsAfterDisconnect).toBeGreaterThanOrEqual(3);
  });

  it('shows an offline MQTT 3.1.1 session’s end, and removes it with TBMQ’s call', async () => {
    const calls = stubTbmqSessionsBroker();
    openAt('/sessions?session=dev-v311-persist');
    const drawer = (await screen.findByTestId('session-details-client-id')).closest('.session-details') as HTMLElement;
    const field = (name: RegExp) => within(drawer).getByRole('row', { name }).textContent ?? '';
    expect(field(/Session ends/)).toMatch(/2026/);
    expect(field(/Session expiry interval/)).toContain('—');
    expect(within(drawer).queryByRole('row', { name: /Last disconnect/ })).toBeNull();
    fireEvent.click(within(drawer).getByTestId('session-details-remove'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const remove = calls.find((call) => call.method === 'DELETE');
    expect(remove?.url.pathname).toBe('/api/client-session/remove');
    expect(Object.fromEntries(remove?.url.searchParams ?? [])).toEqual({ clientId: 'dev-v311-persist', sessionId: '58390515-68bb-4046-918c-bd66b8a800ff' });
    expect(extensionCalls(calls)).toEqual([]);
  });

  it('filters by a number of subscriptions under TBMQ’s parameter names', async () => {
    const calls = stubTbmqSessionsBroker();
    openAt('/sessions');
    await screen.findByRole('button', { name: 'dev-v5-live' });
    fireEvent.click(screen.getByTestId('session-filter-toggle'));
    const panel = screen.getByRole('form', { name: 'Filter' });
    expect(within(panel).queryByLabelText('Queued messages, at least')).toBeNull();
    fireEvent.change(within(panel).getByLabelText('Compare the number of subscriptions'), { target: { value: 'GREATER' } });
    fireEvent.change(within(panel).getByLabelText('Number of subscriptions'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('session-filter-apply'));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('subscriptionOperation')).toBe('GREATER'));
    expect(calls.at(-1)?.url.searchParams.get('subscriptions')).toBe('2');
  });
});
