import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MqttAuthProvider } from '../../../api/generated/model/mqttAuthProvider';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { sentTo, shortOf, storedProvider, stubProvidersBroker } from '../auth-providers-test-broker';
import { ProviderDialog } from './provider-dialog';

const SAVE = '/api/mqtt/auth/provider';
const CHECK = '/api/mqtt/auth/provider/http/check';
const stored = storedProvider('HTTP');
/** The HTTP provider as the bundled broker answers it: with its answer cache and fallback (extension httpAuthCache). */
const withCache: MqttAuthProvider = { ...stored, configuration: { ...stored.configuration, type: 'HTTP', cacheTtlSeconds: 0, fallback: 'SKIP' } };

function openHttp(provider: MqttAuthProvider, answer: Parameters<typeof stubProvidersBroker>[0] = () => undefined) {
  const calls = stubProvidersBroker((call) => {
    if (call.method === 'GET' && call.url.pathname === `/api/mqtt/auth/provider/${provider.id}`) return Response.json(provider);
    return answer(call);
  });
  renderPage(<ProviderDialog provider={shortOf(provider)} onClose={vi.fn()} />);
  return calls;
}

describe('HTTP provider dialog: answer cache, fallback and connection check', () => {
  setUpSignedInPageTests();

  it('shows the answer cache and the fallback where the broker keeps them, checks the time and saves both', async () => {
    const calls = openHttp(withCache);
    const ttl = (await screen.findByLabelText('Keep answers (seconds)')) as HTMLInputElement;
    expect(ttl.value).toBe('0');
    fireEvent.change(ttl, { target: { value: '90000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A whole number from 0 to 86400.')).toBeTruthy();
    expect(sentTo(calls, 'POST', SAVE)).toBeUndefined();
    fireEvent.change(ttl, { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('While the service is down'), { target: { value: 'REFUSE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(calls, 'POST', SAVE)).toBeDefined());
    expect((sentTo(calls, 'POST', SAVE) as MqttAuthProvider).configuration).toMatchObject({ cacheTtlSeconds: 60, fallback: 'REFUSE' });
  });

  it('leaves them out on a broker that does not keep them (TBMQ), and sends none', async () => {
    const calls = openHttp(stored);
    await screen.findByLabelText(/^Endpoint URL/);
    expect(screen.queryByLabelText('Keep answers (seconds)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(calls, 'POST', SAVE)).toBeDefined());
    expect((sentTo(calls, 'POST', SAVE) as MqttAuthProvider).configuration).not.toHaveProperty('cacheTtlSeconds');
  });

  it("checks the connection with the form's URL, saved or not, and shows the broker's answer", async () => {
    let reachable = true;
    const calls = openHttp(withCache, (call) => {
      if (call.method !== 'POST' || call.url.pathname !== CHECK) return undefined;
      return reachable ? new Response(null, { status: 200 }) : Response.json({ status: 400, errorCode: 31, message: 'The HTTP service did not answer: fetch failed' }, { status: 400 });
    });
    fireEvent.change(await screen.findByLabelText(/^Endpoint URL/), { target: { value: 'http://auth.internal/check' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(await screen.findByText('The service answered.')).toBeTruthy();
    expect(sentTo(calls, 'POST', CHECK)).toMatchObject({ type: 'HTTP', configuration: { restEndpointUrl: 'http://auth.internal/check' } });
    reachable = false;
    fireEvent.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(await screen.findByText('The HTTP service did not answer: fetch failed')).toBeTruthy();
  });
});
