import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageAvailability } from '../../components/broker-support/page-availability';
import { getCurrentToast } from '../../components/toast/toast-store';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { recordedTbmqAnswer, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import MonitoringPage from './monitoring-page';

// Charts draw on a canvas, which jsdom has not (e2e/tests/monitoring.spec.ts sees them): here each names its metric.
vi.mock('./monitoring-chart', () => ({ MonitoringChart: ({ metric }: { metric: string }) => <p data-testid="chart">{metric}</p> }));

/** The monitoring page's calls TBMQ 2.3 answers, by path, as recorded. */
const RECORDED: Record<string, string> = {
  '/api/app/brokers': 'app/getBrokerServiceIds.json',
  '/api/app/config': 'app/getBrokerConfig.json',
  '/api/app/service/info': 'app/getServiceInfos--tbmq-app-service-info.json',
  '/api/timeseries/total/values': 'timeseries/getTimeseriesValues--total.json',
};

describe('monitoring page on TBMQ 2.3 (no Starling extension)', () => {
  setUpSignedInPageTests();

  it('shows the charts and the nodes’ resource usage, notes that alert rules are not on this broker, and raises no toast', async () => {
    const calls = stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
      const recorded = RECORDED[url.pathname];
      return recorded ? recordedTbmqAnswer(recorded) : new Response(null, { status: 404 });
    });
    renderPage(
      <PageAvailability>
        <MonitoringPage />
      </PageAvailability>,
    );
    const [vm] = await screen.findAllByTestId('service-row');
    expect(vm?.textContent).toContain('10 % of 23.5 GB');
    await waitFor(() => expect(screen.getAllByTestId('chart').map((chart) => chart.textContent)).toContain('incomingMsgs'));
    expect(await screen.findByText(/Not on this broker/)).toBeTruthy();
    expect(screen.queryByText('Not available on this broker')).toBeNull();
    const asked = new Set(calls.map((call) => call.url.pathname));
    for (const extension of ['/api/monitoring/alert', '/api/monitoring/alert-rule', '/api/dashboard/maxDatapointsLimit']) expect(asked.has(extension), extension).toBe(false);
    expect(getCurrentToast()).toBeNull();
  });
});
