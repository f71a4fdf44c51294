import { OverlaysProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import germanMessages from '../../../public/assets/locale/locale.constant-de_DE.json';
import { ToastHost } from '../../components/toast/toast-host';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import AuthProvidersPage from './auth-providers-page';
import { APART_TABLE, ORDER_SETTINGS, ORDER_TABLE, providerRowNames, sentTo, stubProvidersBroker } from './auth-providers-test-broker';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const enabledSwitch = (name: string) => screen.getByRole('checkbox', { name: `${name} enabled` }) as HTMLInputElement;

describe('authentication providers page', () => {
  setUpSignedInPageTests();

  it('lists the providers in the stored order, SCRAM apart as what the client asks for', async () => {
    stubProvidersBroker();
    renderPage(<AuthProvidersPage />);
    await screen.findByRole('table', { name: ORDER_TABLE });
    expect(providerRowNames(ORDER_TABLE)).toEqual(['JWT', 'Basic', 'HTTP service', 'X.509 certificate chain']);
    expect(providerRowNames(APART_TABLE)).toEqual(['SCRAM']);
    // Each type in the console's words; the broker's own description on hover.
    const jwtAbout = screen.getByText('Lets in a client whose CONNECT password is a JSON Web Token signed with the configured key');
    expect(jwtAbout.closest('td')?.getAttribute('title')).toBe('Signed tokens');
    expect(enabledSwitch('Basic').checked).toBe(true);
    expect(enabledSwitch('JWT').checked).toBe(false);
    expect(button('Move JWT up').disabled).toBe(true);
    expect(button('Move X.509 certificate chain down').disabled).toBe(true);
  });

  it('moves providers with the buttons and saves the new order over the stored row, or cancels it', async () => {
    const calls = stubProvidersBroker();
    renderPage(<AuthProvidersPage />);
    await screen.findByRole('table', { name: ORDER_TABLE });
    expect(button('Save order').disabled).toBe(true);
    fireEvent.click(button('Move X.509 certificate chain up'));
    // The focus follows the row, so that the keyboard can move it on.
    expect(document.activeElement).toBe(button('Move X.509 certificate chain up'));
    fireEvent.click(button('Move Basic down'));
    expect(document.activeElement).toBe(button('Move Basic down'));
    expect(providerRowNames(ORDER_TABLE)).toEqual(['JWT', 'X.509 certificate chain', 'Basic', 'HTTP service']);
    expect(button('Save order').disabled).toBe(false);
    fireEvent.click(button('Cancel'));
    expect(providerRowNames(ORDER_TABLE)).toEqual(['JWT', 'Basic', 'HTTP service', 'X.509 certificate chain']);

    fireEvent.click(button('Move Basic up'));
    // At the top, the focus goes to the button that can still move it.
    expect(document.activeElement).toBe(button('Move Basic down'));
    fireEvent.click(button('Save order'));
    expect((await screen.findByRole('status')).textContent).toContain('Provider order saved.');
    expect(sentTo(calls, 'POST', '/api/admin/settings')).toEqual({ ...ORDER_SETTINGS, jsonValue: { priorities: ['MQTT_BASIC', 'JWT', 'HTTP', 'X_509'] } });
    await waitFor(() => expect(button('Save order').disabled).toBe(true));
    expect(providerRowNames(ORDER_TABLE)).toEqual(['Basic', 'JWT', 'HTTP service', 'X.509 certificate chain']);
  });

  it('enables and disables providers with their switches, each held while its call runs', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The JWT's enable call waits until released, to see its switch meanwhile and switch another.
    const calls = stubProvidersBroker(undefined, ({ url }) => (url.pathname.endsWith('/p-jwt/enable') ? held : undefined));
    renderPage(<AuthProvidersPage />);
    await screen.findByRole('table', { name: ORDER_TABLE });
    fireEvent.click(enabledSwitch('JWT'));
    expect(enabledSwitch('JWT').checked).toBe(true);
    expect(enabledSwitch('JWT').disabled).toBe(true);
    // A second enable while the first runs: each settles on its own answer.
    fireEvent.click(enabledSwitch('HTTP service'));
    await waitFor(() => expect(enabledSwitch('HTTP service').disabled).toBe(false));
    expect(enabledSwitch('HTTP service').checked).toBe(true);
    expect(enabledSwitch('JWT').disabled).toBe(true);
    release();
    await waitFor(() => expect(enabledSwitch('JWT').disabled).toBe(false));
    expect(enabledSwitch('JWT').checked).toBe(true);
    fireEvent.click(enabledSwitch('Basic'));
    await waitFor(() => expect(enabledSwitch('Basic').checked).toBe(false));
    await waitFor(() => expect(enabledSwitch('Basic').disabled).toBe(false));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      '/api/mqtt/auth/provider/p-jwt/enable',
      '/api/mqtt/auth/provider/p-http/enable',
      '/api/mqtt/auth/provider/p-basic/disable',
    ]);
  });

  it('puts the switch back and says why when the broker refuses', async () => {
    stubProvidersBroker(({ url }) =>
      url.pathname.endsWith('/p-http/enable') ? Response.json({ status: 400, errorCode: 31, message: 'body.restEndpointUrl: the service does not answer', timestamp: 0 }, { status: 400 }) : undefined,
    );
    renderPage(<AuthProvidersPage />);
    await screen.findByRole('table', { name: ORDER_TABLE });
    fireEvent.click(enabledSwitch('HTTP service'));
    expect((await screen.findByRole('alert')).textContent).toContain('HTTP service could not be enabled: body.restEndpointUrl: the service does not answer');
    await waitFor(() => expect(enabledSwitch('HTTP service').checked).toBe(false));
    expect(enabledSwitch('HTTP service').disabled).toBe(false);
  });

  it('speaks German', async () => {
    stubProvidersBroker();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale="de-DE" messages={germanMessages}>
          <OverlaysProvider>
            <AuthProvidersPage />
            <ToastHost />
          </OverlaysProvider>
        </IntlProvider>
      </QueryClientProvider>,
    );
    const ordered = await screen.findByRole('table', { name: 'Anbieter in der Reihenfolge, in der sie ein CONNECT beurteilen' });
    expect(within(ordered).getByRole('button', { name: 'Basic nach oben schieben' })).toBeTruthy();
    // Each provider is described in German, whatever language the broker's own description is in.
    expect(within(ordered).getByText('Fragt einen externen HTTP-Dienst mit Client-ID, Benutzername und Passwort, ob ein Client eingelassen wird')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'HTTP-Dienst eingeschaltet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reihenfolge speichern' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'JWT bearbeiten' }));
    expect((await screen.findByLabelText(/^Geheimnis/) as HTMLInputElement).value).toBe('a-secret-of-thirty-two-bytes-at-least');
    expect(await screen.findByRole('region', { name: 'Token prüfen' })).toBeTruthy();
  });
});
