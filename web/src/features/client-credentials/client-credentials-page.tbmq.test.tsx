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
    // TBMQ answers a save with the credentials it stored: its recorded SCRAM entry stands for them.
    if (route === 'POST /api/mqtt/client/credentials') return Response.json(recordedAnswer('credentials', 'getMqttClientCredentials--scram-sha256'));
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

const saves = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/mqtt/client/credentials');
const typeRule = (dialog: HTMLElement, list: 'Publish rules' | 'Subscribe rules', pattern: string) => {
  const input = within(dialog).getByLabelText(list);
  fireEvent.change(input, { target: { value: pattern } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

const row = async (name: string) => (await screen.findAllByTestId('credentials-row')).find((found) => within(found).queryByText(name) !== null) as HTMLElement;

describe('client credentials page against TBMQ 2.3.0 (recorded answers, no extensions)', () => {
  setUpSignedInPageTests();

  it('lists TBMQ\'s credentials, SCRAM ones too, without anonymous access and without a toast', async () => {
    const calls = stubTbmq();
    openTab('credentials');
    expect(await screen.findAllByTestId('credentials-row')).toHaveLength(9);
    expect(within(await row('scram-device-creds')).getByText('SCRAM')).toBeTruthy();
    expect(screen.queryByTestId('anonymous-access')).toBeNull();
    // SCRAM credentials are edited in their form, where a new password is set: no password dialog.
    expect(screen.getByRole('button', { name: 'Edit scram-device-creds' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check connectivity of scram-device-creds' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change the password of scram-device-creds' })).toBeNull();
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

  it('adds SCRAM credentials once username and password are given: userName, password, algorithm and rules in the body', async () => {
    const calls = stubTbmq();
    openTab('credentials');
    fireEvent.click(await screen.findByTestId('add-credentials'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'scram-sensor' } });
    fireEvent.change(within(dialog).getByLabelText('Credentials type'), { target: { value: 'SCRAM' } });
    fireEvent.click(within(dialog).getByTestId('credentials-dialog-save'));
    expect(await within(dialog).findByText('The username is required.')).toBeTruthy();
    expect(within(dialog).getByText('The password is required.')).toBeTruthy();
    expect(saves(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'scram-sensor' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 's3cret-Pass' } });
    fireEvent.change(within(dialog).getByLabelText('Algorithm'), { target: { value: 'SHA_512' } });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Remove .*' })[0] as HTMLElement);
    typeRule(dialog, 'Publish rules', 'scram/.*');
    fireEvent.click(within(dialog).getByTestId('credentials-dialog-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toEqual({
      name: 'scram-sensor',
      clientType: 'DEVICE',
      credentialsType: 'SCRAM',
      credentialsValue: '{"userName":"scram-sensor","password":"s3cret-Pass","algorithm":"SHA_512","authRules":{"pubAuthRulePatterns":["scram/.*"],"subAuthRulePatterns":[".*"]}}',
      additionalInfo: {},
    });
    // The connectivity check that follows an add has no mosquitto commands for SCRAM.
    expect(await screen.findByTestId('scram-connectivity-note')).toBeTruthy();
    expect(screen.queryByTestId('publish-command')).toBeNull();
  });

  it('edits TBMQ\'s SCRAM credentials in the form filled from its answer; saved without a password, the value has no password key', async () => {
    const calls = stubTbmq();
    openTab('credentials');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit scram-device-creds' }));
    const dialog = await screen.findByRole('dialog');
    expect(((await within(dialog).findByLabelText(/^Username/)) as HTMLInputElement).value).toBe('scram-user');
    expect((within(dialog).getByLabelText('Algorithm') as HTMLSelectElement).value).toBe('SHA_256');
    expect((within(dialog).getByLabelText('Credentials type') as HTMLSelectElement).disabled).toBe(true);
    expect(within(dialog).getAllByRole('button', { name: 'Remove scram/.*' })).toHaveLength(2);
    expect(within(dialog).getByTestId('scram-stored-keys-note')).toBeTruthy();
    expect(within(dialog).getByText(/Left empty, the current password is kept/)).toBeTruthy();

    // The stored keys belong to SHA-256: another algorithm needs a new password.
    fireEvent.change(within(dialog).getByLabelText('Algorithm'), { target: { value: 'SHA_512' } });
    fireEvent.click(within(dialog).getByTestId('credentials-dialog-save'));
    expect(await within(dialog).findByText(/Another algorithm needs a new password/)).toBeTruthy();
    expect(saves(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Algorithm'), { target: { value: 'SHA_256' } });
    fireEvent.click(within(dialog).getByTestId('credentials-dialog-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toEqual({
      id: 'd513dfd1-9d41-47f4-ac63-1bb71fdc75f2',
      name: 'scram-device-creds',
      clientType: 'DEVICE',
      credentialsType: 'SCRAM',
      credentialsValue: '{"userName":"scram-user","algorithm":"SHA_256","authRules":{"pubAuthRulePatterns":["scram/.*"],"subAuthRulePatterns":["scram/.*"]}}',
      additionalInfo: {},
    });
  });

  it('says how to connect with SCRAM credentials instead of giving mosquitto commands, which cannot do SCRAM', async () => {
    stubTbmq();
    openTab('credentials');
    fireEvent.click(await screen.findByRole('button', { name: 'Check connectivity of scram-app-512-creds' }));
    expect((await screen.findByTestId('scram-connectivity-note')).textContent).toContain('Mosquitto command-line clients cannot');
    const settings = screen.getByTestId('scram-connectivity-settings').textContent ?? '';
    expect(settings).toContain('SCRAM-SHA-512');
    expect(settings).toContain('scram-app');
    expect(screen.queryByTestId('publish-command')).toBeNull();
    expect(screen.queryByTestId('subscribe-command')).toBeNull();
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
