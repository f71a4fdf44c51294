import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WsConnectionConfiguration } from '../../../../api/generated/model/wsConnectionConfiguration';
import { renderWithProviders } from '../../../../test-support/render-with-providers';
import { ConnectionBar } from './connection-bar';
import { testConnection } from '../test-support/test-connection';
import { WsSession } from '../ws-session';

afterEach(cleanup);

const connection = (overrides: Partial<WsConnectionConfiguration> = {}) => testConnection({ url: 'http://not-a-websocket', username: null, password: null, ...overrides }, 'Plant');

describe('the connection bar', () => {
  it('shows the status live and why connecting failed', async () => {
    const session = new WsSession('bar-1');
    renderWithProviders(<ConnectionBar session={session} connection={connection()} />);
    // Named: on a narrow screen the list that marks the selected connection is in another tab.
    expect(screen.getByRole('heading', { name: 'Plant' })).toBeTruthy();
    expect(screen.getByTestId('ws-connection-status').textContent).toBe('Disconnected');
    fireEvent.click(screen.getByTestId('ws-connect'));
    expect((await screen.findByTestId('ws-connection-status')).textContent).toBe('Connection failed');
    expect((await screen.findByTestId('ws-connection-failure')).textContent).toContain('“http://not-a-websocket” is not a WebSocket address');
  });

  it('asks for the password a connection does not keep', async () => {
    const session = new WsSession('bar-2');
    renderWithProviders(<ConnectionBar session={session} connection={connection({ passwordRequired: true })} />);
    fireEvent.click(screen.getByTestId('ws-connect'));
    expect(await screen.findByText('Password for Plant')).toBeTruthy();
  });

  it('asks for the password the broker withholds from an administrator signed in as the owner, saying why', async () => {
    const session = new WsSession('bar-3');
    renderWithProviders(<ConnectionBar session={session} connection={connection({ credentialsMode: 'AUTO', username: 'starling_websockets_ab12cd34', passwordWithheld: true })} />);
    fireEvent.click(screen.getByTestId('ws-connect'));
    expect(await screen.findByText('Password for Plant')).toBeTruthy();
    expect(screen.getByText(/You are signed in as another user/)).toBeTruthy();
    // Nothing was tried without it: the status stays as it was.
    expect(screen.getByTestId('ws-connection-status').textContent).toBe('Disconnected');
  });
});
