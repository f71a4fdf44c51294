import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { recordedAnswer, recordedAnswersByPath, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import { makeUser } from '../../test-support/test-user';
import { getCurrentToast } from '../../components/toast/toast-store';
import ClientCredentialsPage from './client-credentials-page';

/** Credentials entries as TBMQ answered GET /api/mqtt/client/credentials/{id}, by path. */
const ENTRIES = recordedAnswersByPath<{ id: string }>('credentials', '/api/mqtt/client/credentials/');

/**
 * A TBMQ 2.3.0 answering with its recorded answers: no Starling extension (the discovery call and
 * every extension path get 404 with an empty body, as TBMQ answers paths it has no handler for).
 */
function stubTbmq(): RecordedCall[] {
  return stubBrokerCalls(({ method, url }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/auth/user') return Response.json(makeUser());
    if (route === 'GET /api/app/config') return Response.json(recordedAnswer('app', 'getBrokerConfig'));
    if (route === 'GET /api/v2/mqtt/client/credentials') return Response.json(recordedAnswer('credentials', 'getMqttClientCredentialsPage'));
    if (route === 'GET /api/blockedClient/v2') return Response.json(recordedAnswer('blocked-clients', 'getBlockedClientsPage'));
    if (route === 'GET /api/unauthorized/client/v2') return Response.json(recordedAnswer('unauthorized-clients', 'getUnauthorizedClientsPage'));
    if (method === 'GET' && ENTRIES.has(url.pathname)) return Response.json(ENTRIES.get(url.pathname));
    if (method === 'POST' && url.pathname.startsWith('/api/mqtt/client/credentials/')) {
      return Response.json({ ...recordedAnswer<object>('credentials', 'changeMqttClientPassword'), id: url.pathname.split('/').pop() });
    }
    if (route === 'POST /api/blockedClient') return Response.json(recordedAnswer('blocked-clients', 'saveBlockedClient--client-id'));
    if (route === 'DELETE /api/blockedClient' || route === 'DELETE /api/unauthorized/client') return new Response(null, { status: 200 });
    return tbmqNoHandler();
  });
}

const EXTENSION_PATHS = ['/api/mqtt/anonymousAccess', '/api/mqtt/accessSimulation'];
const extensionCalls = (calls: RecordedCall[]) => calls.filter((call) => EXTENSION_PATHS.includes(call.url.pathname));

function openTab(tab: string) {
  window.history.replaceState(null, '', tab === 'credentials' ? '/client-credentials' : `/client-credentials?tab=${tab}`);
  return renderPage(<ClientCredentialsPage />);
}

const row = async (name: string) => (await screen.findAllByTestId('credentials-row')).find((found) => within(found).queryByText(name) !== null) as HTMLElement;

describe('client credentials page against TBMQ 2.3.0 (recorded answers, no extensions)', () => {
  setUpSignedInPageTests();

  it('lists TBMQ\'s credentials, SCRAM ones too, without anonymous access and without a toast', async () => {
    const calls = stubTbmq();
    openTab('credentials');
    expect(await screen.findAllByTestId('credentials-row')).toHaveLength(9);
    expect(within(await row('scram-device-creds')).getByText('SCRAM')).toBeTruthy();
    expect(screen.queryByTestId('anonymous-access')).toBeNull();
    // SCRAM credentials are shown and deleted, not edited or tried with mosquitto.
    expect(screen.getByRole('button', { name: 'Show details of scram-device-creds' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit scram-device-creds' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check connectivity of scram-device-creds' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete scram-device-creds' })).toBeTruthy();
    expect(extensionCalls(calls)).toEqual([]);
    expect(getCurrentToast()).toBeNull();
  });

  it('reads MQTT_BASIC and X.509 credentials whole to edit them, their password left alone', async () => {
    stubTbmq();
    openTab('credentials');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit app-fixed-id-creds' }));
    const dialog = await screen.findByRole('dialog');
    expect(((await within(dialog).findByLabelText('Client ID')) as HTMLInputElement).value).toBe('app-fixed-1');
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe('app-fixed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit x509-device-creds' }));
    expect(((await within(await screen.findByRole('dialog')).findByLabelText(/Certificate common name/)) as HTMLInputElement).value).toBe('sensor.example.com');
  });

  it('shows SCRAM credentials without a form: username, algorithm and rules', async () => {
    stubTbmq();
    openTab('credentials');
    fireEvent.click(await screen.findByRole('button', { name: 'Show details of scram-app-512-creds' }));
    const details = await screen.findByTestId('scram-details');
    expect(details.textContent).toContain('SHA_512');
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('changes a password with the current one when additionalInfo says one is set, and takes the credentials TBMQ answers', async () => {
    const calls = stubTbmq();
    openTab('credentials');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the password of dev1-creds' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'pass-dev1' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'pass-dev2' } });
    fireEvent.change(within(dialog).getByLabelText('New password again'), { target: { value: 'pass-dev2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(getCurrentToast()?.message).toContain('Password changed'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ currentPassword: 'pass-dev1', newPassword: 'pass-dev2' });
  });

  it('checks connectivity with the value read for the row: its username and a password placeholder', async () => {
    stubTbmq();
    openTab('credentials');
    fireEvent.click(await screen.findByRole('button', { name: 'Check connectivity of dev1-creds' }));
    const command = (await screen.findByTestId('publish-command')).textContent ?? '';
    expect(command).toContain('-u dev1');
    expect(command).toContain('<password>');
    expect(screen.getByText('Replace <password> with the password of these credentials.')).toBeTruthy();
  });

  it('lists TBMQ\'s blocked clients by expiry, blocks with the value in its type\'s field and unblocks a REGEX entry with its target', async () => {
    const calls = stubTbmq();
    openTab('blocked');
    const rows = await screen.findAllByTestId('blocked-client-row');
    expect(rows).toHaveLength(8);
    expect(within(rows.find((found) => within(found).queryByText('expired-block')) as HTMLElement).getByText('Expired')).toBeTruthy();
    const listed = calls.find((call) => call.url.pathname === '/api/blockedClient/v2');
    expect(listed?.url.searchParams.get('sortProperty')).toBe('expirationTime');
    expect(listed?.url.searchParams.has('statusList')).toBe(false);

    fireEvent.click(screen.getByTestId('add-blocked-client'));
    fireEvent.change(await screen.findByLabelText(/Value/), { target: { value: 'temp-blocked' } });
    fireEvent.click(screen.getByTestId('blocked-client-dialog-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ type: 'CLIENT_ID', clientId: 'temp-blocked', expirationTime: 0 });

    fireEvent.click(await screen.findByRole('button', { name: 'Unblock ^spam.*' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const unblock = calls.find((call) => call.method === 'DELETE')?.url.searchParams;
    expect(Object.fromEntries(unblock ?? [])).toEqual({ type: 'REGEX', value: '^spam.*', regexMatchTarget: 'BY_USERNAME' });
  });

  it('lists TBMQ\'s unauthorized clients and deletes one by client id', async () => {
    const calls = stubTbmq();
    openTab('unauthorized');
    const rows = await screen.findAllByTestId('unauthorized-client-row');
    expect(rows.length).toBeGreaterThan(3);
    // TBMQ answers a username null when the client sent none.
    expect(within(rows.find((found) => within(found).queryByText('no-creds-client')) as HTMLElement).getByText('—')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the entry of no-creds-client' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url.search).toBe('?clientId=no-creds-client');
  });

  it('says the access simulator is not on this broker, and calls it not', async () => {
    const calls = stubTbmq();
    openTab('simulator');
    expect(await screen.findByText(/Not on this broker/)).toBeTruthy();
    expect(extensionCalls(calls)).toEqual([]);
  });
});
