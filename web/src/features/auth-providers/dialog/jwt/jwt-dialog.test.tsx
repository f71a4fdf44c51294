import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MqttAuthProvider } from '../../../../api/generated/model/mqttAuthProvider';
import { renderPage, setUpSignedInPageTests } from '../../../../test-support/page-test';
import { sentTo, shortOf, storedProvider, stubProvidersBroker } from '../../auth-providers-test-broker';
import { ProviderDialog } from '../provider-dialog';

const JWT = storedProvider('JWT');
const SAVE = '/api/mqtt/auth/provider';
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

async function openJwt() {
  renderPage(<ProviderDialog provider={shortOf(JWT)} onClose={vi.fn()} />);
  await screen.findByLabelText(/^Secret/);
}

describe('JWT provider dialog', () => {
  setUpSignedInPageTests();

  it('refuses an HMAC secret under 32 bytes before sending, counting bytes rather than characters', async () => {
    const calls = stubProvidersBroker();
    await openJwt();
    expect(field(/^Secret/).value).toBe('a-secret-of-thirty-two-bytes-at-least');
    type(/^Secret/, 'short');
    save();
    expect(screen.getByText('The secret must have at least 32 bytes (UTF-8); it has 5.')).toBeTruthy();
    // 16 characters, 32 bytes: enough.
    type(/^Secret/, 'ü'.repeat(16));
    expect(screen.queryByText(/The secret must have/)).toBeNull();
    type(/^Secret/, 'ü'.repeat(15));
    expect(screen.getByText('The secret must have at least 32 bytes (UTF-8); it has 30.')).toBeTruthy();
    save();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers DEVICE and APPLICATION as the default client type, never INTEGRATION', async () => {
    stubProvidersBroker();
    await openJwt();
    const options = within(field('Default client type')).getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(options).toEqual(['DEVICE', 'APPLICATION']);
  });

  it('checks the JWKS endpoint URL and refresh interval, then saves the JWKS verifier', async () => {
    const calls = stubProvidersBroker();
    await openJwt();
    fireEvent.click(screen.getByLabelText('JWKS endpoint'));
    type(/^JWKS endpoint URL/, 'ftp://keys.example.com/jwks');
    type(/^Refresh interval/, '299');
    save();
    expect(screen.getByText('Enter an http:// or https:// URL.')).toBeTruthy();
    expect(screen.getByText('A whole number from 300 to 2147483647.')).toBeTruthy();
    type(/^JWKS endpoint URL/, 'not a url');
    expect(screen.getByText('Enter an http:// or https:// URL.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    type(/^JWKS endpoint URL/, 'https://keys.example.com/jwks');
    type(/^Refresh interval/, '600');
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    type('Name of header 1', 'X-Api-Key');
    type('Value of header 1', 'k1');
    fireEvent.click(screen.getByLabelText('Username and password'));
    type(/^Username\s*\*?$/, 'broker');
    save();
    // A new basic sign-in has no stored password to keep: it is asked for.
    expect(screen.getByText('Required.')).toBeTruthy();
    type(/^Password$/, 'jwks-pass');
    save();
    await waitFor(() => expect(sentTo(calls, 'POST', SAVE)).toBeDefined());
    const sent = sentTo(calls, 'POST', SAVE) as MqttAuthProvider;
    expect(sent).toEqual({
      ...JWT,
      configuration: {
        ...JWT.configuration,
        jwtVerifierConfiguration: {
          jwtVerifierType: 'JWKS',
          endpoint: 'https://keys.example.com/jwks',
          headers: { 'X-Api-Key': 'k1' },
          refreshInterval: 600,
          credentials: { type: 'basic', username: 'broker', password: 'jwks-pass' },
        },
      },
    });
  });

  it('refuses a rule pattern that is not a regular expression, and a repeated claim name', async () => {
    const calls = stubProvidersBroker();
    await openJwt();
    const pub = field('Publish rules');
    fireEvent.change(pub, { target: { value: 'sensors/(' } });
    fireEvent.keyDown(pub, { key: 'Enter' });
    expect(screen.getByText(/“sensors\/\(” is refused: .*Unterminated group/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add claim to match' }));
    type('Name of claim to match 2', 'sub');
    save();
    expect(screen.getByText('Each name must be given, and only once.')).toBeTruthy();
    expect(field('Name of claim to match 2').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('saves a public key uploaded from a .pem file with its file name, and the claims and rule claims', async () => {
    const calls = stubProvidersBroker();
    await openJwt();
    fireEvent.click(screen.getByLabelText('PEM public key'));
    const pem = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n';
    fireEvent.change(screen.getByLabelText('Upload a .pem file'), { target: { files: [new File([pem], 'device-key.pem')] } });
    await waitFor(() => expect(field(/^Public key/).value).toBe(pem));
    fireEvent.change(field('Default client type'), { target: { value: 'APPLICATION' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add client type claim' }));
    type('Name of client type claim 1', 'role');
    type('Value of client type claim 1', 'device');
    type('Claim with publish rules', 'pub');
    save();
    await waitFor(() => expect(sentTo(calls, 'POST', SAVE)).toBeDefined());
    expect((sentTo(calls, 'POST', SAVE) as MqttAuthProvider).configuration).toEqual({
      ...JWT.configuration,
      defaultClientType: 'APPLICATION',
      jwtVerifierConfiguration: { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'PEM_KEY', publicPemKey: pem, publicPemKeyFileName: 'device-key.pem' } },
      clientTypeClaims: { role: 'device' },
      pubAuthRuleClaim: 'pub',
    });
  });

  it("shows the broker's refusal under the field it names", async () => {
    stubProvidersBroker(({ method, url }) =>
      method === 'POST' && url.pathname === SAVE
        ? Response.json({ status: 400, errorCode: 31, message: 'body.configuration.jwtVerifierConfiguration.jwtSignAlgorithmConfiguration.secret: is a well-known example secret', timestamp: 0 }, { status: 400 })
        : undefined,
    );
    await openJwt();
    save();
    expect(await screen.findByText('is a well-known example secret')).toBeTruthy();
    expect(field(/^Secret/).getAttribute('aria-invalid')).toBe('true');
  });
});
