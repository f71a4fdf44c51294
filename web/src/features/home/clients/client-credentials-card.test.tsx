import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubBrokerCalls } from '../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { recordedAnswer, tbmqNoHandler } from '../../../test-support/tbmq-recorded-answers';
import { getCurrentToast } from '../../../components/toast/toast-store';
import { ClientCredentialsCard } from './client-credentials-card';

describe('home card "client credentials" in front of TBMQ 2.3.0 (no extensions)', () => {
  setUpSignedInPageTests();

  it('shows the recorded counters and leaves out anonymous access, which it does not ask for', async () => {
    const calls = stubBrokerCalls(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/mqtt/client/credentials/info') return Response.json(recordedAnswer('credentials', 'getMqttClientCredentialsInfo'));
      return tbmqNoHandler();
    });
    renderPage(<ClientCredentialsCard />);
    const total = recordedAnswer<{ totalCount: number }>('credentials', 'getMqttClientCredentialsInfo').totalCount;
    expect((await screen.findByTestId('credentials-count-total')).textContent).toContain(String(total));
    expect(screen.queryByTestId('anonymous-access-state')).toBeNull();
    expect(calls.filter((call) => call.url.pathname === '/api/mqtt/anonymousAccess')).toEqual([]);
    expect(getCurrentToast()).toBeNull();
  });
});
