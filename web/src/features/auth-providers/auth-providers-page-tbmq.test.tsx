import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShortMqttAuthProviderPage } from '../../api/generated/model/shortMqttAuthProviderPage';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { recordedAnswersByPath, recordedTbmqAnswer, tbmqAnswer, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import AuthProvidersPage from './auth-providers-page';
import { APART_TABLE, ORDER_TABLE, providerRowNames } from './auth-providers-test-broker';

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const SCRAM_ID = '8919ef1e-43ee-4399-a165-b8ebb1b2b9c0';
const STORED_ORDER = tbmqAnswer<{ id: string }>('settings/getAdminSettings--mqttAuthorization.json');

/** TBMQ 2.3 as recorded: its providers, each by id, its order row; no Starling extension. */
function stubTbmq(): RecordedCall[] {
  const byPath = recordedAnswersByPath<unknown>('auth-providers', '/api/mqtt/auth/provider/');
  const providers = tbmqAnswer<ShortMqttAuthProviderPage>('auth-providers/getAuthProviders.json');
  return stubBrokerCalls(({ method, url, body }) => {
    if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
    if (method === 'GET' && url.pathname === '/api/mqtt/auth/providers') return Response.json(providers);
    if (method === 'POST' && url.pathname === `/api/mqtt/auth/provider/${SCRAM_ID}/enable`) {
      // As TBMQ did when recorded: an empty 200, and SCRAM listed as enabled from then on.
      providers.data = providers.data.map((provider) => (provider.id === SCRAM_ID ? { ...provider, enabled: true } : provider));
      return recordedTbmqAnswer('auth-providers/enableAuthProvider--SCRAM.json');
    }
    if (method === 'GET' && byPath.has(url.pathname)) return Response.json(byPath.get(url.pathname));
    if (method === 'GET' && url.pathname === '/api/admin/settings/mqttAuthorization') return recordedTbmqAnswer('settings/getAdminSettings--mqttAuthorization.json');
    // TBMQ answers a save with the row it stored.
    if (method === 'POST' && url.pathname === '/api/admin/settings') return Response.json({ ...(body as object), createdTime: 0 });
    return undefined;
  });
}

describe('authentication providers page against TBMQ 2.3', () => {
  setUpSignedInPageTests();

  it("shows TBMQ's five providers in its order, Basic on, SCRAM apart, with its descriptions", async () => {
    stubTbmq();
    renderPage(<AuthProvidersPage />);
    await screen.findByRole('table', { name: ORDER_TABLE });
    expect(providerRowNames(ORDER_TABLE)).toEqual(['Basic', 'X.509 certificate chain', 'JWT', 'HTTP service']);
    expect(providerRowNames(APART_TABLE)).toEqual(['SCRAM']);
    // The console's words describe each type; TBMQ's own text is kept on hover.
    const jwtAbout = screen.getByText('Lets in a client whose CONNECT password is a JSON Web Token signed with the configured key');
    expect(jwtAbout.closest('td')?.getAttribute('title')).toBe('Authenticates clients using a signed JWT passed in the password field of the CONNECT packet');
    expect((screen.getByRole('checkbox', { name: 'Basic enabled' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'JWT enabled' }) as HTMLInputElement).checked).toBe(false);
  });

  it("turns SCRAM on with TBMQ's enable call and shows it on from TBMQ's list", async () => {
    const calls = stubTbmq();
    renderPage(<AuthProvidersPage />);
    await screen.findByRole('table', { name: ORDER_TABLE });
    const scram = screen.getByRole('checkbox', { name: 'SCRAM enabled' }) as HTMLInputElement;
    expect(scram.checked).toBe(false);
    fireEvent.click(scram);
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'SCRAM enabled' }) as HTMLInputElement).disabled).toBe(false));
    expect((screen.getByRole('checkbox', { name: 'SCRAM enabled' }) as HTMLInputElement).checked).toBe(true);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([`/api/mqtt/auth/provider/${SCRAM_ID}/enable`]);
  });

  it('saves a new order over the stored row, with its id as TBMQ needs', async () => {
    const calls = stubTbmq();
    renderPage(<AuthProvidersPage />);
    await screen.findByRole('table', { name: ORDER_TABLE });
    fireEvent.click(screen.getByRole('button', { name: 'Move JWT up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ...STORED_ORDER, jsonValue: { priorities: ['MQTT_BASIC', 'JWT', 'X_509', 'HTTP'] } });
    expect(STORED_ORDER.id).toBe('77f790fc-6824-461c-8b1c-5d95c9bc5d91');
  });

  it("opens TBMQ's JWT configuration, its secret kept, and no token test (TBMQ has no authProviderCheck)", async () => {
    stubTbmq();
    renderPage(<AuthProvidersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit JWT' }));
    expect((await screen.findByLabelText(/^Secret/) as HTMLInputElement).value).toBe('please-change-this-32-char-jwt-secret');
    expect((screen.getByRole('radio', { name: 'HMAC secret' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Default client type').value).toBe('DEVICE');
    expect(screen.getAllByText('.*')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Test a token' })).toBeNull();
  });

  it("opens TBMQ's HTTP configuration with its URL, method, header and body", async () => {
    stubTbmq();
    renderPage(<AuthProvidersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit HTTP service' }));
    expect((await screen.findByLabelText(/^Endpoint URL/) as HTMLInputElement).value).toBe('http://localhost:8080');
    expect(field('Method').value).toBe('POST');
    expect(field('Name of header 1').value).toBe('Content-Type');
    expect(field('Value of header 1').value).toBe('application/json');
    expect(field(/^Request body/).value).toContain('"password": "${password}"');
    expect(field(/^Read timeout/).value).toBe('5000');
    expect(field(/^Most requests at once/).value).toBe('100');
    expect((screen.getByRole('radio', { name: 'Anonymous' }) as HTMLInputElement).checked).toBe(true);
  });
});
