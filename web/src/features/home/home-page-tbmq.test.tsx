import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageAvailability } from '../../components/broker-support/page-availability';
import { getCurrentToast } from '../../components/toast/toast-store';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { recordedTbmqAnswer, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import { makeUser } from '../../test-support/test-user';
import HomePage from './home-page';

// The monitoring card's charts draw on a canvas, which jsdom has not (e2e/tests/home.spec.ts sees them).
vi.mock('./monitoring/monitoring-card', () => ({ MonitoringCard: () => null }));

/** The home page's calls TBMQ 2.3 answers, by path, as it answered them when recorded. */
const RECORDED: Record<string, string> = {
  '/api/client-session/info': 'sessions/getClientSessionStats.json',
  '/api/mqtt/client/credentials/info': 'credentials/getMqttClientCredentialsInfo.json',
  '/api/app/config': 'app/getBrokerConfig.json',
  '/api/system/info': 'system/getSystemInfo.json',
  '/api/app/cluster-info/v2': 'app/getKafkaClusterInfo--tbmq-v2.json',
  '/api/app/kafka-topics/v2': 'app/getKafkaTopics--tbmq-v2.json',
  '/api/app/consumer-groups/v2': 'app/getKafkaConsumerGroups--tbmq-v2.json',
};

/** TBMQ 2.3: its recorded answers, and 404 with an empty body for every path it has no handler for. */
function stubTbmq() {
  return stubBrokerCalls(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/auth/user') return Response.json(makeUser({ id: 'operator-7' }));
    if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
    const recorded = RECORDED[url.pathname];
    return recorded ? recordedTbmqAnswer(recorded) : new Response(null, { status: 404 });
  });
}

const card = (name: string) => screen.findByRole('region', { name });

describe('home dashboard on TBMQ 2.3 (no Starling extension)', () => {
  setUpSignedInPageTests();

  it('shows its counters, config, version and Kafka, leaves out the alerts and anonymous access, and raises no toast', async () => {
    const calls = stubTbmq();
    renderPage(
      <PageAvailability>
        <HomePage />
      </PageAvailability>,
    );
    expect((await screen.findByTestId('config-tcpPort')).textContent).toBe('MQTT port21883');
    expect(within(await card('Client credentials')).getByTestId('credentials-count-total').textContent).toContain('9');
    expect((await screen.findByTestId('broker-version')).textContent).toContain('2.3.0');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Sessions' })).getByText('13')).toBeTruthy());
    const [broker] = await screen.findAllByTestId('home-kafka-broker');
    expect(broker?.textContent).toContain('127.0.0.1');
    expect(screen.queryByRole('region', { name: 'Active alerts' })).toBeNull();
    expect(within(await card('Client credentials')).queryByText(/Anonymous access/)).toBeNull();
    expect(screen.queryByText('Not available on this broker')).toBeNull();
    const asked = new Set(calls.map((call) => call.url.pathname));
    for (const extension of ['/api/monitoring/alert', '/api/mqtt/anonymousAccess', '/api/dashboard/maxDatapointsLimit']) expect(asked.has(extension), extension).toBe(false);
    expect(getCurrentToast()).toBeNull();
  });
});
