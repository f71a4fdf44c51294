import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { JwtCheckRequest } from '../../../../api/generated/model/jwtCheckRequest';
import { renderPage, setUpSignedInPageTests } from '../../../../test-support/page-test';
import { sentTo, shortOf, storedProvider, stubProvidersBroker } from '../../auth-providers-test-broker';
import { ProviderDialog } from '../provider-dialog';

const JWT = storedProvider('JWT');
const CHECK = '/api/mqtt/auth/provider/jwt/check';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZW5zb3ItMSJ9.signature';

describe('JWT provider dialog: test a token (extension authProviderCheck)', () => {
  setUpSignedInPageTests();

  it("checks a token against the form's unsaved configuration and shows the decision, client type, rules and expiry", async () => {
    const calls = stubProvidersBroker(({ method, url }) =>
      method === 'POST' && url.pathname === CHECK
        ? Response.json({ allowed: true, reason: 'Signature and claims match', clientType: 'APPLICATION', authRules: { pubAuthRulePatterns: ['sensors/.*'], subAuthRulePatterns: [] }, expiresAt: Date.UTC(2030, 0, 2, 3, 4, 5) })
        : undefined,
    );
    renderPage(<ProviderDialog provider={shortOf(JWT)} onClose={vi.fn()} />);
    const panel = await screen.findByRole('region', { name: 'Test a token' });
    const test = within(panel).getByRole('button', { name: 'Test' }) as HTMLButtonElement;
    expect(test.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Secret/), { target: { value: 'another-secret-of-thirty-two-bytes!' } });
    fireEvent.change(within(panel).getByLabelText('Token'), { target: { value: TOKEN } });
    fireEvent.change(within(panel).getByLabelText('Client ID in the CONNECT'), { target: { value: 'sensor-1' } });
    fireEvent.change(within(panel).getByLabelText('Username in the CONNECT'), { target: { value: 'sensor-1' } });
    fireEvent.click(test);

    const result = await within(panel).findByRole('status');
    expect(result.textContent).toContain('Allowed');
    expect(result.textContent).toContain('Signature and claims match');
    expect(result.textContent).toContain('Application');
    expect(result.textContent).toContain('sensors/.*');
    expect(result.textContent).toContain('No topic');
    expect(result.textContent).toContain('2030');
    const sent = sentTo(calls, 'POST', CHECK) as JwtCheckRequest;
    expect(sent.token).toBe(TOKEN);
    expect(sent.clientId).toBe('sensor-1');
    expect(sent.username).toBe('sensor-1');
    expect(sent.configuration.jwtVerifierConfiguration).toEqual({ jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret: 'another-secret-of-thirty-two-bytes!' } });
    // Nothing was saved.
    expect(calls.some((call) => call.url.pathname === '/api/mqtt/auth/provider')).toBe(false);
  });

  it('shows a refusal with its reason, and sends nothing while the form has a problem', async () => {
    const calls = stubProvidersBroker(({ method, url }) => (method === 'POST' && url.pathname === CHECK ? Response.json({ allowed: false, reason: 'The token expired at 2026-11-26T10:00:00Z' }) : undefined));
    renderPage(<ProviderDialog provider={shortOf(JWT)} onClose={vi.fn()} />);
    const panel = await screen.findByRole('region', { name: 'Test a token' });
    fireEvent.change(within(panel).getByLabelText('Token'), { target: { value: TOKEN } });
    fireEvent.change(screen.getByLabelText(/^Secret/), { target: { value: 'short' } });
    expect(within(panel).getByText('Correct the form first.')).toBeTruthy();
    expect((within(panel).getByRole('button', { name: 'Test' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Secret/), { target: { value: 'a-secret-of-thirty-two-bytes-at-least' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Test' }));
    const result = await within(panel).findByRole('status');
    expect(result.textContent).toContain('Refused');
    expect(result.textContent).toContain('The token expired at 2026-11-26T10:00:00Z');
    expect(result.textContent).not.toContain('Expires');
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === CHECK)).toHaveLength(1));
  });

  it('is not there on a broker without the extension', async () => {
    const calls = stubProvidersBroker(({ url }) => (url.pathname === '/api/starling/extensions' ? Response.json({ extensions: [] }) : undefined));
    renderPage(<ProviderDialog provider={shortOf(JWT)} onClose={vi.fn()} />);
    await screen.findByLabelText(/^Secret/);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/starling/extensions')).toBe(true));
    // The stub answers at once; a few turns of the event loop let the answer reach the form (no clock involved).
    for (let turn = 0; turn < 3; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('region', { name: 'Test a token' })).toBeNull();
    expect(screen.queryByText('Test a token')).toBeNull();
  });
});
