import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Integration } from '../../api/generated/model/integration';
import { pageOf, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { recordedTbmqAnswer, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import { emptyIntegrationForm, integrationInputOf } from './integration-form';
import IntegrationsPage from './integrations-page';

const base = integrationInputOf({ ...emptyIntegrationForm('HTTP'), name: 'to-service', restEndpointUrl: 'http://localhost:9/in', topicFilters: ['sensors/#'] }, null);

const STARLING: Integration = {
  ...base,
  id: 'i-1',
  createdTime: 1,
  status: { success: false, error: 'connect ECONNREFUSED 127.0.0.1:9' },
  delivery: { state: 'RETRYING', sent: 12, failed: 3, retried: 2, dropped: 5, backlogMessages: 7, backlogBytes: 700, maxBacklogBytes: 1024 },
};
/** The same integration as a production broker lists it: no delivery view. */
const { delivery: _none, ...WITHOUT_DELIVERY } = STARLING;

const columnNames = () => screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());

describe('integrations list', () => {
  setUpSignedInPageTests();

  it('shows the delivery counters, dropped highlighted, when the broker lists integrationDelivery', async () => {
    stubBrokerCalls(({ url }) => (url.pathname === '/api/integrations' ? Response.json(pageOf([STARLING], url)) : undefined));
    renderPage(<IntegrationsPage />);
    const row = await screen.findByTestId('integration-row');
    await waitFor(() => expect(columnNames()).toEqual(expect.arrayContaining(['Delivery', 'Sent', 'Failed', 'Backlog', 'Dropped'])));
    expect(within(row).getByTestId('integration-sent').textContent).toBe('12');
    expect(within(row).getByTestId('integration-backlog').textContent).toBe('7');
    expect(within(row).getByText('5').closest('.bp6-tag')?.className).toContain('bp6-intent-danger');
    expect(within(row).getByText('sensors/#')).toBeTruthy();
    // Failed, with the broker's error on hover.
    fireEvent.mouseEnter(within(row).getByTestId('integration-status-failed'));
    expect(await screen.findByText('connect ECONNREFUSED 127.0.0.1:9')).toBeTruthy();
  });

  it('hides the delivery columns in front of a broker without the extension (TBMQ 2.3)', async () => {
    stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
      return url.pathname === '/api/integrations' ? Response.json(pageOf([WITHOUT_DELIVERY], url)) : undefined;
    });
    renderPage(<IntegrationsPage />);
    await screen.findByTestId('integration-row');
    expect(columnNames()).toEqual(expect.arrayContaining(['Name', 'Type', 'Status', 'Topic filters']));
    expect(columnNames()).not.toContain('Sent');
    expect(columnNames()).not.toContain('Dropped');
  });

  it("shows TBMQ 2.3's recorded empty list as no integrations yet", async () => {
    stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
      return url.pathname === '/api/integrations' ? recordedTbmqAnswer('integrations/getIntegrations.json') : undefined;
    });
    renderPage(<IntegrationsPage />);
    expect(await screen.findByText('No integrations yet')).toBeTruthy();
  });

  it('asks before deleting, naming the integration, and deletes it by id', async () => {
    const calls = stubBrokerCalls(({ method, url }) => {
      if (url.pathname === '/api/integrations') return Response.json(pageOf([STARLING], url));
      if (method === 'DELETE' && url.pathname === '/api/integration/i-1') return new Response(null, { status: 200 });
      return undefined;
    });
    renderPage(<IntegrationsPage />);
    await screen.findByTestId('integration-row');
    fireEvent.click(screen.getByRole('button', { name: 'Delete to-service' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete integration to-service?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/integration/i-1')).toBe(true));
  });

  it('refuses to save a dialog with a bad topic filter and names the broker-refused field', async () => {
    const calls = stubBrokerCalls(({ method, url }) => {
      if (url.pathname === '/api/integrations') return Response.json(pageOf([], url));
      if (method === 'POST' && url.pathname === '/api/integration') return Response.json({ status: 400, errorCode: 31, message: 'body.configuration.clientConfiguration.restEndpointUrl is not reachable here' }, { status: 400 });
      return undefined;
    });
    renderPage(<IntegrationsPage />);
    fireEvent.click(await screen.findByTestId('add-integration'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'svc' } });
    fireEvent.click(within(dialog).getByTestId('integration-save'));
    expect((await within(dialog).findAllByText('Required.')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(within(dialog).getByText('At least one topic filter is required.')).toBeTruthy();
    const filters = dialog.querySelector('#integration-topicFilters') as HTMLInputElement;
    fireEvent.change(filters, { target: { value: 'a/b#' } });
    fireEvent.keyDown(filters, { key: 'Enter' });
    expect(await within(dialog).findByText(/Not an MQTT topic filter/)).toBeTruthy();
    fireEvent.change(filters, { target: { value: 'sensors/#' } });
    fireEvent.keyDown(filters, { key: 'Enter' });
    fireEvent.change(within(dialog).getByLabelText(/^Endpoint URL/), { target: { value: 'http://example.com/in' } });
    fireEvent.click(within(dialog).getByTestId('integration-save'));
    expect(await within(dialog).findByText(/restEndpointUrl is not reachable here/)).toBeTruthy();
    const input = within(dialog).getByLabelText(/^Endpoint URL/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('charts the integration\'s statistics from the time series under its id when the broker has integrationDelivery', async () => {
    const calls = stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/integrations') return Response.json(pageOf([STARLING], url));
      if (url.pathname === '/api/integration/i-1') return Response.json(STARLING);
      if (url.pathname === '/api/timeseries/i-1/values') {
        const key = url.searchParams.get('keys') ?? '';
        return Response.json(Object.fromEntries(key.split(',').map((name) => [name, [{ ts: Date.now() - 60_000, value: 4 }]])));
      }
      return undefined;
    });
    renderPage(<IntegrationsPage />);
    fireEvent.click(await screen.findByTestId('integration-row'));
    const charts = await screen.findByTestId('integration-charts');
    for (const key of ['integrationSent', 'integrationFailed', 'integrationRetried', 'integrationDropped', 'integrationBacklog']) {
      expect(within(charts).getByTestId(`integration-chart-${key}`)).toBeTruthy();
    }
    await waitFor(() => {
      const asked = calls.filter((call) => call.url.pathname === '/api/timeseries/i-1/values').flatMap((call) => (call.url.searchParams.get('keys') ?? '').split(','));
      expect(new Set(asked)).toEqual(new Set(['integrationSent', 'integrationFailed', 'integrationRetried', 'integrationDropped', 'integrationBacklog']));
    });
  });

  it('opens the details on the lifecycle events, without charts, in front of a broker without the extension', async () => {
    const calls = stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
      if (url.pathname === '/api/integrations') return Response.json(pageOf([WITHOUT_DELIVERY], url));
      if (url.pathname === '/api/integration/i-1') return Response.json(WITHOUT_DELIVERY);
      if (url.pathname === '/api/events/i-1/LC_EVENT') return Response.json(pageOf([], url));
      return undefined;
    });
    renderPage(<IntegrationsPage />);
    fireEvent.click(await screen.findByTestId('integration-row'));
    await screen.findByTestId('integration-details');
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/events/i-1/LC_EVENT')).toBe(true));
    expect(screen.queryByTestId('integration-charts')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Charts' })).toBeNull();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/timeseries/i-1'))).toBe(false);
  });
});
