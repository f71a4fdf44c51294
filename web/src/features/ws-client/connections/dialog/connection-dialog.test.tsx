import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import type { WsConnectionSave } from '../../../../api/generated/model/wsConnectionSave';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../../test-support/page-test';
import { makeWsConnection, signedInUserAnswer } from '../../ws-client-test-data';
import { ConnectionDialog } from './connection-dialog';

const existing: WsConnection = { ...makeWsConnection('c0', 'WebSocket Connection'), configuration: { ...makeWsConnection('c0', '').configuration, url: 'ws://localhost:9001/mqtt' } };

/** The broker as far as the dialog uses it: its config, the user's connections, and saving (`answers` in turn). */
function stubBroker(saveAnswers: (() => Response)[]): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/app/config') return Response.json({ wsPort: 9001, wsPath: '/mqtt', wssListenerEnabled: false });
    if (route === 'GET /api/auth/user') return signedInUserAnswer();
    if (route === 'GET /api/ws/connection') return Response.json(pageOf([existing].filter((connection) => connection.name.includes(url.searchParams.get('textSearch') ?? '')), url));
    if (route === 'POST /api/ws/connection') {
      const answer = saveAnswers.shift();
      if (answer) return answer();
      const save = body as WsConnectionSave;
      return Response.json({ id: 'c1', createdTime: 2, userId: 'me', name: save.name, configuration: save.configuration });
    }
    return undefined;
  });
}

const saveRequests = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/ws/connection');

describe('connection dialog (issue 15)', () => {
  setUpSignedInPageTests();

  it('starts from the broker serving the console with a free name and a new client id, and saves', async () => {
    const calls = stubBroker([]);
    const onClose = vi.fn();
    renderPage(<ConnectionDialog isOpen onClose={onClose} />);
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    expect(name.value).toBe('WebSocket Connection 2');
    expect((screen.getByLabelText(/^Host/) as HTMLInputElement).value).toBe(window.location.hostname);
    expect((screen.getByLabelText(/^Port/) as HTMLInputElement).value).toBe('9001');
    expect((screen.getByLabelText(/^Client ID/) as HTMLInputElement).value).toMatch(/^starling_[A-Za-z0-9]{8}$/);
    expect(screen.getByTestId('auto-credentials-note').textContent).toContain('WebSocket Credentials');

    fireEvent.click(screen.getByTestId('ws-connection-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = saveRequests(calls)[0]?.body as WsConnectionSave;
    expect(sent).toMatchObject({ name: 'WebSocket Connection 2', userId: 'me' });
    expect(sent.configuration).toMatchObject({ url: `ws://${window.location.hostname}:9001/mqtt`, credentialsMode: 'AUTO', mqttVersion: 5, keepAlive: 60, keepAliveUnit: 'SECONDS' });
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ id: 'c1', name: 'WebSocket Connection 2' });
  });

  it('shows the broker’s 409 under the name and saves once the name is changed', async () => {
    const conflict = () => Response.json({ status: 409, errorCode: 30, message: 'body.name: a connection named "Lab" already exists' }, { status: 409 });
    const calls = stubBroker([conflict]);
    const onClose = vi.fn();
    renderPage(<ConnectionDialog isOpen onClose={onClose} />);
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Lab' } });
    fireEvent.click(screen.getByTestId('ws-connection-save'));

    expect(await screen.findByText('a connection named "Lab" already exists')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Lab 2' } });
    fireEvent.click(screen.getByTestId('ws-connection-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saveRequests(calls).map((call) => (call.body as WsConnectionSave).name)).toEqual(['Lab', 'Lab 2']);
  });

  it('names the wrong fields and sends nothing', async () => {
    const calls = stubBroker([]);
    renderPage(<ConnectionDialog isOpen onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/^Client ID/), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('ws-connection-save'));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Client ID is required.')).toBeTruthy();
    expect(saveRequests(calls)).toEqual([]);
  });

  it('picks MQTT_BASIC client credentials for EXISTING, and asks for their password on connect', async () => {
    // List items carry no value (as TBMQ 2.3 answers them): the username comes from the credentials read by id.
    const listItem = { id: 'cred-1', createdTime: 1, name: 'Sensors', clientType: 'DEVICE', credentialsType: 'MQTT_BASIC', additionalInfo: {} };
    const credentials = { ...listItem, credentialsValue: '{"userName":"s"}' };
    const calls = stubBrokerCalls(({ method, url, body }) => {
      const route = `${method} ${url.pathname}`;
      if (route === 'GET /api/app/config') return Response.json({ wsPort: 9001 });
      if (route === 'GET /api/auth/user') return signedInUserAnswer();
      if (route === 'GET /api/ws/connection') return Response.json(pageOf([], url));
      if (route === 'GET /api/v2/mqtt/client/credentials') return Response.json(pageOf([listItem], url));
      if (route === 'GET /api/mqtt/client/credentials/cred-1') return Response.json(credentials);
      if (route === 'POST /api/ws/connection') return Response.json({ ...existing, id: 'c2', configuration: (body as WsConnectionSave).configuration });
      return undefined;
    });
    const onClose = vi.fn();
    renderPage(<ConnectionDialog isOpen onClose={onClose} />);
    fireEvent.click(await screen.findByLabelText('Existing client credentials'));
    fireEvent.click(screen.getByTestId('ws-connection-save'));
    expect(await screen.findByText(/Client credentials are required/)).toBeTruthy();

    fireEvent.click(await screen.findByText('Sensors'));
    expect((await screen.findByTestId('chosen-credentials')).textContent).toContain('Sensors');
    fireEvent.click(screen.getByTestId('ws-connection-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const credentialsQuery = calls.find((call) => call.url.pathname === '/api/v2/mqtt/client/credentials');
    expect(credentialsQuery?.url.searchParams.get('credentialsTypeList')).toBe('MQTT_BASIC');
    // The credentials' username is the one the connection signs in with, as the production broker keeps it.
    expect((saveRequests(calls)[0]?.body as WsConnectionSave).configuration).toMatchObject({ credentialsMode: 'EXISTING', clientCredentialsId: 'cred-1', username: 's', passwordRequired: true });
  });
});
