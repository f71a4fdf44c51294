import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MqttAuthProvider } from '../../../api/generated/model/mqttAuthProvider';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { sentTo, shortOf, storedProvider, stubProvidersBroker } from '../auth-providers-test-broker';
import { ProviderDialog } from './provider-dialog';

const SAVE = '/api/mqtt/auth/provider';
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

async function saved(calls: ReturnType<typeof stubProvidersBroker>): Promise<MqttAuthProvider> {
  await waitFor(() => expect(sentTo(calls, 'POST', SAVE)).toBeDefined());
  return sentTo(calls, 'POST', SAVE) as MqttAuthProvider;
}

function open(providerType: MqttAuthProvider['type']) {
  const onClose = vi.fn();
  renderPage(<ProviderDialog provider={shortOf(storedProvider(providerType))} onClose={onClose} />);
  return onClose;
}

describe('provider dialog: Basic, X.509, SCRAM, HTTP', () => {
  setUpSignedInPageTests();

  it('Basic: explains the three strategies and saves the one chosen', async () => {
    const calls = stubProvidersBroker();
    const onClose = open('MQTT_BASIC');
    const usernameOnly = await screen.findByRole('radio', { name: /^Username only/ });
    expect((screen.getByRole('radio', { name: /^Client ID or username/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Only credentials that name the client id alone; any username is accepted.')).toBeTruthy();
    fireEvent.click(usernameOnly);
    save();
    expect(await saved(calls)).toEqual({ ...storedProvider('MQTT_BASIC'), configuration: { type: 'MQTT_BASIC', authStrategy: 'USERNAME' } });
    expect((await screen.findByRole('status')).textContent).toContain('Provider saved.');
    expect(onClose).toHaveBeenCalled();
  });

  it('X.509: saves the validity switch and the client certificate choice', async () => {
    const calls = stubProvidersBroker();
    open('X_509');
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Let in expired certificates/ }));
    fireEvent.click(screen.getByRole('radio', { name: /^Certificate required/ }));
    expect(screen.getByText('A TLS client without a certificate the configured CA verified is refused.')).toBeTruthy();
    save();
    expect((await saved(calls)).configuration).toEqual({ type: 'X_509', skipValidityCheckForClientCert: true, clientAuthType: 'CLIENT_AUTH_REQUIRED' });
  });

  it('SCRAM: says what it is and has nothing to set', async () => {
    const calls = stubProvidersBroker();
    open('SCRAM');
    expect(await screen.findByText(/SCRAM has no settings/)).toBeTruthy();
    expect(screen.getByText(/made on the Client credentials page/)).toBeTruthy();
    save();
    expect((await saved(calls)).configuration).toEqual({ type: 'SCRAM' });
  });

  it('HTTP: checks the URL, the numbers and the headers before sending', async () => {
    const calls = stubProvidersBroker();
    open('HTTP');
    await screen.findByLabelText(/^Endpoint URL/);
    type(/^Endpoint URL/, 'auth.example.com/check');
    type(/^Read timeout/, '0');
    type(/^Most requests at once/, '1.5');
    type(/^Largest answer/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    save();
    expect(screen.getByText('Enter an http:// or https:// URL.')).toBeTruthy();
    expect(screen.getAllByText('A whole number from 1 to 2147483647.')).toHaveLength(3);
    expect(screen.getByText('Each name must be given, and only once.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('HTTP: an empty password keeps the stored one, and the save carries every setting', async () => {
    const calls = stubProvidersBroker();
    open('HTTP');
    await screen.findByLabelText(/^Endpoint URL/);
    expect(field(/^Password$/).value).toBe('');
    expect(screen.getByText('Leave empty to keep the stored password; the broker never shows it.')).toBeTruthy();
    type(/^Endpoint URL/, 'http://auth.internal:8080/mqtt');
    fireEvent.change(field('Method'), { target: { value: 'PUT' } });
    type('Value of header 1', 'application/json; charset=utf-8');
    type(/^Request body/, '{"u":"${username}","p":"${password}"}');
    type(/^Read timeout/, '2000');
    type(/^Most requests at once/, '20');
    type(/^Largest answer/, '64');
    fireEvent.change(field('Default client type'), { target: { value: 'APPLICATION' } });
    save();
    const stored = storedProvider('HTTP');
    expect(await saved(calls)).toEqual({
      ...stored,
      configuration: {
        ...stored.configuration,
        restEndpointUrl: 'http://auth.internal:8080/mqtt',
        requestMethod: 'PUT',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        requestBody: '{"u":"${username}","p":"${password}"}',
        readTimeoutMs: 2000,
        maxParallelRequestsCount: 20,
        maxInMemoryBufferSizeInKb: 64,
        defaultClientType: 'APPLICATION',
        credentials: { type: 'basic', username: 'broker' },
      },
    });
  });

  it('HTTP: a new password is sent; anonymous hides the sign-in fields, which keep what was typed', async () => {
    const calls = stubProvidersBroker();
    open('HTTP');
    await screen.findByLabelText(/^Endpoint URL/);
    type(/^Password$/, 'n3w-pass');
    fireEvent.click(screen.getByRole('radio', { name: 'Anonymous' }));
    expect(screen.queryByLabelText(/^Password$/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Username and password' }));
    save();
    expect(((await saved(calls)).configuration as { credentials: unknown }).credentials).toEqual({ type: 'basic', username: 'broker', password: 'n3w-pass' });
  });

  it("HTTP: the broker's refusal naming a field shows under it", async () => {
    stubProvidersBroker(({ method, url }) =>
      method === 'POST' && url.pathname === SAVE ? Response.json({ status: 400, errorCode: 31, message: 'body.configuration.readTimeoutMs must be <= 60000', timestamp: 0 }, { status: 400 }) : undefined,
    );
    open('HTTP');
    await screen.findByLabelText(/^Endpoint URL/);
    type(/^Read timeout/, '999999');
    save();
    expect(await screen.findByText('body.configuration.readTimeoutMs must be <= 60000')).toBeTruthy();
    expect(field(/^Read timeout/).getAttribute('aria-invalid')).toBe('true');
  });
});
