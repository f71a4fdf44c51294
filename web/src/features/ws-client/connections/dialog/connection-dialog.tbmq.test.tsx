import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MqttClientCredentialsSave } from '../../../../api/generated/model/mqttClientCredentialsSave';
import type { WsConnectionSave } from '../../../../api/generated/model/wsConnectionSave';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../../test-support/page-test';
import { signedInUserAnswer } from '../../ws-client-test-data';
import { ConnectionDialog } from './connection-dialog';

const MADE_ID = '9d0f4b7e-0c59-4c55-b1a4-3f1f7a2b6c11';

/**
 * A broker that makes no credentials for a connection (TBMQ 2.3: no Starling extension, so
 * GET /api/starling/extensions answers 404) and keeps whatever credentials it is given.
 */
function stubBrokerWithoutGeneratedCredentials(saveConnection: (save: WsConnectionSave) => Response): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/starling/extensions') return new Response(null, { status: 404 });
    if (route === 'GET /api/app/config') return Response.json({ wsPort: 8084, wsPath: '/mqtt', wssListenerEnabled: false });
    if (route === 'GET /api/auth/user') return signedInUserAnswer();
    if (route === 'GET /api/ws/connection') return Response.json(pageOf([], url));
    if (route === 'POST /api/mqtt/client/credentials') {
      const save = body as MqttClientCredentialsSave;
      return Response.json({ id: MADE_ID, createdTime: 1, credentialsId: 'made', ...save });
    }
    if (route === 'DELETE /api/mqtt/client/credentials/' + MADE_ID) return new Response(null, { status: 200 });
    if (route === 'POST /api/ws/connection') return saveConnection(body as WsConnectionSave);
    return undefined;
  });
}

const savedAsAnswered = (save: WsConnectionSave) => Response.json({ id: 'c1', createdTime: 2, userId: 'me', name: save.name, configuration: save.configuration });

describe('connection dialog in front of a broker that makes no credentials (TBMQ 2.3)', () => {
  setUpSignedInPageTests();

  it('creates credentials for the connection’s client id first, as TBMQ’s own client does, and saves the connection linked to them', async () => {
    const calls = stubBrokerWithoutGeneratedCredentials(savedAsAnswered);
    const onClose = vi.fn();
    renderPage(<ConnectionDialog isOpen onClose={onClose} />);
    const clientId = ((await screen.findByLabelText(/^Client ID/)) as HTMLInputElement).value;
    fireEvent.click(screen.getByTestId('ws-connection-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const made = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/mqtt/client/credentials')?.body as MqttClientCredentialsSave;
    expect(made).toMatchObject({ clientType: 'DEVICE', credentialsType: 'MQTT_BASIC' });
    const value = JSON.parse(made.credentialsValue) as { clientId: string; userName: string; password: null; authRules: unknown };
    expect(value).toEqual({ clientId, userName: expect.stringMatching(/^starling_websockets_[A-Za-z0-9]{8}$/), password: null, authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] } });

    const saved = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/ws/connection')?.body as WsConnectionSave;
    expect(saved.configuration).toMatchObject({ clientId, clientCredentialsId: MADE_ID, username: value.userName, passwordRequired: false, credentialsMode: 'EXISTING' });
    expect(saved.configuration.password).toBeUndefined();
  });

  it('deletes the credentials it made when the connection cannot be saved, and shows why', async () => {
    const calls = stubBrokerWithoutGeneratedCredentials(() => Response.json({ status: 400, errorCode: 31, message: 'Connection with such name already exists!' }, { status: 400 }));
    const onClose = vi.fn();
    renderPage(<ConnectionDialog isOpen onClose={onClose} />);
    await screen.findByLabelText(/^Client ID/);
    fireEvent.click(screen.getByTestId('ws-connection-save'));
    expect(await screen.findByText('Connection with such name already exists!')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === `/api/mqtt/client/credentials/${MADE_ID}`)).toBe(true));
    expect(onClose).not.toHaveBeenCalled();
  });
});
