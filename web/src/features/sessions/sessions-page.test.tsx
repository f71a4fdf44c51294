import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import SessionsPage from './sessions-page';
import type { RecordedCall } from '../../test-support/broker-stub';
import { makeSession, stubSessionsBroker } from './sessions-test-broker';

const sessions = [
  makeSession('sensor-1'),
  makeSession('sensor-2'),
  makeSession('sensor-3'),
  makeSession('sensor-4', { connectionState: 'DISCONNECTED', disconnectedAt: Date.parse('2026-03-01T12:30:00Z'), cleanStart: false }),
];

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/v2/client-session' && call.url.searchParams.get('pageSize') !== '1');
const rowOf = async (clientId: string) => (await screen.findByRole('button', { name: clientId })).closest('tr') as HTMLElement;
const openAt = (path: string) => {
  window.history.replaceState(null, '', path);
  return renderPage(<SessionsPage />);
};

describe('sessions page (spec section 2, issue 7)', () => {
  setUpSignedInPageTests();
  beforeEach(() => window.history.replaceState(null, '', '/sessions'));

  it('opens filtered from a deep link such as the home counters use', async () => {
    const calls = stubSessionsBroker(sessions);
    openAt('/sessions?connectedStatusList=DISCONNECTED');
    await rowOf('sensor-4');
    expect(screen.queryByRole('button', { name: 'sensor-1' })).toBeNull();
    expect(listCalls(calls)[0]?.url.searchParams.get('connectedStatusList')).toBe('DISCONNECTED');
    expect(within(screen.getByTestId('session-filter-toggle')).getByText('1')).toBeTruthy();
  });

  it('applies the filter panel to the URL and the list', async () => {
    const calls = stubSessionsBroker(sessions);
    openAt('/sessions');
    await rowOf('sensor-1');
    fireEvent.click(screen.getByTestId('session-filter-toggle'));
    const panel = screen.getByRole('form', { name: 'Filter' });
    fireEvent.click(within(panel).getByLabelText('Application'));
    fireEvent.change(within(panel).getByLabelText('Queued messages, at least'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('session-filter-apply'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('clientTypeList')).toBe('APPLICATION'));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('queuedMessagesMin')).toBe('10');
    expect(window.location.search).toBe('?clientTypeList=APPLICATION&queuedMessagesMin=10');
  });

  it('refuses a time range that ends before it starts', async () => {
    stubSessionsBroker(sessions);
    openAt('/sessions?startTime=1772366400000&endTime=1772362800000');
    await rowOf('sensor-1');
    fireEvent.click(screen.getByTestId('session-filter-toggle'));
    fireEvent.click(screen.getByTestId('session-filter-apply'));
    expect(screen.getByText('The end lies before the start.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Filter' })).toBeTruthy();
  });

  it('confirms a bulk disconnect of the ticked rows with their count, acting on the connected ones only', async () => {
    const calls = stubSessionsBroker(sessions);
    openAt('/sessions');
    for (const clientId of ['sensor-1', 'sensor-2', 'sensor-4']) fireEvent.click(within(await rowOf(clientId)).getByLabelText(`Select ${clientId}`));
    expect(screen.getByTestId('sessions-selection').textContent).toContain('3 sessions selected');
    expect(screen.getByTestId('remove-selected').textContent).toBe('Remove (1)');

    fireEvent.click(screen.getByTestId('disconnect-selected'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Disconnect 2 clients?')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByRole('status')).textContent).toContain('2 clients disconnected.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ clientIds: ['sensor-1', 'sensor-2'] });
    await waitFor(() => expect(screen.queryByTestId('sessions-selection')).toBeNull());
  });

  it('disconnects every connected client the filter matches after a confirm naming their number', async () => {
    const calls = stubSessionsBroker(sessions);
    openAt('/sessions?clientTypeList=DEVICE');
    fireEvent.click(await screen.findByTestId('disconnect-matching'));
    expect(screen.getByTestId('disconnect-matching').textContent).toBe('Disconnect all 3 connected clients matching');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Disconnect all 3 connected clients matching the filter?')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    await screen.findByText('3 clients disconnected.');
    const bulk = calls.find((call) => call.method === 'POST');
    expect(bulk?.url.pathname).toBe('/api/v2/client-session/disconnect');
    // The broker disconnects only the connected ones among the filtered set.
    expect(Object.fromEntries(bulk?.url.searchParams ?? [])).toEqual({ clientTypeList: 'DEVICE' });
  });

  it('removes one offline session from its row after confirmation', async () => {
    const calls = stubSessionsBroker(sessions);
    openAt('/sessions');
    fireEvent.click(within(await rowOf('sensor-4')).getByRole('button', { name: 'Remove session sensor-4' }));
    expect(await screen.findByText('Remove the session of “sensor-4”?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await screen.findByText('One session removed.');
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.url.pathname).toBe('/api/client-session/remove');
    expect(removal?.url.searchParams.get('sessionId')).toBe('sensor-4-session');
  });

  it('shows how to connect a first client when the broker has no sessions', async () => {
    stubSessionsBroker([]);
    openAt('/sessions');
    await waitFor(() => expect(screen.getByTestId('first-client-command').textContent).toBe("mosquitto_sub -h localhost -p 1999 -i my-first-client -t 'sensors/#' -v"));
  });

  it('says that nothing matches, and clears the filter, when a filter finds nothing', async () => {
    stubSessionsBroker(sessions);
    openAt('/sessions?clientId=nobody');
    fireEvent.click(await screen.findByTestId('sessions-clear-filter'));
    await rowOf('sensor-1');
    expect(window.location.search).toBe('');
  });
});
