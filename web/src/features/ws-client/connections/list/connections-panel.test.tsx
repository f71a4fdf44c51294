import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import { pageOf, stubBrokerCalls } from '../../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../../test-support/page-test';
import { makeWsConnection } from '../../ws-client-test-data';
import { ConnectionsPanel } from './connections-panel';

function stubBroker(connections: WsConnection[]) {
  return stubBrokerCalls(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/ws/connection') {
      const search = url.searchParams.get('textSearch') ?? '';
      return Response.json(pageOf(connections.filter((connection) => connection.name.includes(search)), url));
    }
    if (method === 'DELETE') return new Response(null, { status: 200 });
    if (url.pathname === '/api/app/config') return Response.json({ wsPort: 8084 });
    return undefined;
  });
}

describe('connections panel (issue 15)', () => {
  setUpSignedInPageTests();

  it('offers to add the first connection when the user has none', async () => {
    stubBroker([]);
    const onSelect = vi.fn();
    renderPage(<ConnectionsPanel selectedId={null} onSelect={onSelect} statusOf={() => undefined} />);
    expect(await screen.findByText('No connections yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ws-connection-add'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('selects the first connection, shows each status and asks before deleting', async () => {
    const calls = stubBroker([makeWsConnection('a', 'Alpha'), makeWsConnection('b', 'Beta')]);
    const onSelect = vi.fn();
    renderPage(<ConnectionsPanel selectedId={null} onSelect={onSelect} statusOf={(id) => (id === 'b' ? 'CONNECTED' : undefined)} />);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('a'));
    expect(screen.getByRole('img', { name: 'Connected' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Disconnected' })).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('Actions for Beta'));
    fireEvent.click(await screen.findByText('Delete'));
    expect(await screen.findByText('Delete connection Beta?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/ws/connection/b')).toBe(true));
  });

  it('searches the connections by name', async () => {
    const calls = stubBroker([makeWsConnection('a', 'Alpha'), makeWsConnection('b', 'Beta')]);
    renderPage(<ConnectionsPanel selectedId="a" onSelect={vi.fn()} statusOf={() => undefined} />);
    await screen.findByText('Beta');
    fireEvent.change(screen.getByLabelText('Search connections'), { target: { value: 'Alp' } });
    await waitFor(() => expect(screen.queryByText('Beta')).toBeNull());
    expect(calls.at(-1)?.url.searchParams.get('textSearch')).toBe('Alp');
    expect(calls.at(-1)?.url.searchParams.get('pageSize')).toBe('100');
  });
});
