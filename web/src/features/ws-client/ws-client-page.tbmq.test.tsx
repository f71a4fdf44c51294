import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getCurrentToast } from '../../components/toast/toast-store';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { signedInUserAnswer } from './ws-client-test-data';
import WsClientPage from './ws-client-page';

/** What a real TBMQ 2.3.0 answered (test-fixtures/tbmq-2.3.0/README.md), as it answered it. */
const RECORDINGS = path.resolve(import.meta.dirname, '../../../../test-fixtures/tbmq-2.3.0');
const recorded = (file: string) => (JSON.parse(fs.readFileSync(path.join(RECORDINGS, file), 'utf8')) as { response: { body: unknown } }).response.body;

const CONNECTIONS: Record<string, string> = {
  '1ca40753-450d-42db-88cf-164c5db604fb': 'ws-connections/getWsConnection--v5-with-user-properties.json',
  '30be3ce1-6d41-4bcf-ab51-b72cb4e06ea3': 'ws-connections/getWsConnection--default.json',
  '7687202a-1391-45a8-924e-a358b1199e62': 'ws-connections/getWsConnection--v311.json',
  '718a3d61-21ba-405d-851a-b328cd068040': 'ws-connections/saveWsConnection--update.json',
};
const V5 = '1ca40753-450d-42db-88cf-164c5db604fb';

/**
 * TBMQ 2.3 as the page meets it: no Starling extension (404 with an empty body, as TBMQ answers
 * every path it has no handler for), the connection list of `{id, name, clientId}`, each connection
 * by id, and a page of subscriptions per connection.
 */
function stubTbmq() {
  return stubBrokerCalls(({ method, url }) => {
    if (method !== 'GET') return undefined;
    if (url.pathname === '/api/auth/user') return signedInUserAnswer();
    if (url.pathname === '/api/ws/connection' && url.searchParams.has('pageSize')) return Response.json(recorded('ws-connections/getWsConnections--after-create.json'));
    const id = url.pathname.match(/^\/api\/ws\/connection\/(.+)$/)?.[1];
    if (id && CONNECTIONS[id]) return Response.json(recorded(CONNECTIONS[id]));
    if (url.pathname === '/api/ws/subscription' && url.searchParams.has('pageSize')) {
      const forV5 = url.searchParams.get('webSocketConnectionId') === V5;
      return Response.json(recorded(forV5 ? 'ws-subscriptions/getWsSubscriptions--tbmq-paged.json' : 'ws-subscriptions/getWsSubscriptions--tbmq-paged-default-connection.json'));
    }
    return new Response(null, { status: 404 });
  });
}

describe('web-socket client page on TBMQ 2.3 (no extensions)', () => {
  setUpSignedInPageTests();
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('lists the connections, reads the selected one by id and shows its subscriptions, with no toast and no extension called', async () => {
    window.history.replaceState(null, '', `/ws-client?connection=${V5}`);
    const calls = stubTbmq();
    renderPage(<WsClientPage />);

    const list = await screen.findByRole('list', { name: 'Connections' });
    for (const name of ['Console WS v5', 'WebSocket Default Connection', 'Temp WS renamed', 'Console WS 3.1.1']) expect(within(list).getByText(name)).toBeTruthy();
    // The list items carry no URL: each comes with the connection read by id.
    await waitFor(() => expect(within(list).getAllByText('ws://localhost:28084/mqtt')).toHaveLength(3));
    expect(within(list).getByText('ws://localhost:8084/mqtt')).toBeTruthy();

    const subscriptions = await screen.findByRole('list', { name: 'Subscriptions' });
    // Oldest first (TBMQ pages them by id), colour or none, QoS as TBMQ keeps it (it took 5 for `x`).
    expect(within(subscriptions).getAllByTestId('ws-subscription-row').map((row) => row.textContent)).toEqual(['sensors/#QoS 0', 'v5/+/dataQoS 1', 'commands/consoleQoS 2', 'xQoS 5']);
    expect(await screen.findByText(/^Not on this broker/)).toBeTruthy();
    expect(screen.queryByTestId('publish-save-as')).toBeNull();
    expect(getCurrentToast()).toBeNull();
    const extensionCalls = calls.filter(({ url }) => url.pathname === '/api/ws/saved-message' || url.pathname === '/api/app/message-rate');
    expect(extensionCalls).toEqual([]);
  });
});
