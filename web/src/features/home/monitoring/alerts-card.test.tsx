import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, stubBrokerCalls } from '../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { ACTIVE_ALERTS_SHOWN, AlertsCard } from './alerts-card';

function activeAlert(index: number) {
  return {
    id: `alert-${index}`,
    ruleId: `rule-${index}`,
    ruleName: `Rule ${index}`,
    key: 'incomingMsgs',
    entityId: 'total',
    operator: 'GREATER',
    threshold: 10,
    value: 20,
    startTs: Date.now() - 5 * 60_000,
    status: 'ACTIVE',
    mailSent: true,
  };
}

describe('home alerts card (issue 16)', () => {
  setUpSignedInPageTests();

  it('asks only for active alerts and shows their count, the newest few and since when, linking to monitoring', async () => {
    const alerts = Array.from({ length: 5 }, (_, index) => activeAlert(index));
    const calls = stubBrokerCalls((call) => (call.url.pathname === '/api/monitoring/alert' ? Response.json(pageOf(alerts, call.url)) : undefined));
    renderPage(<AlertsCard />);
    const count = await screen.findByTestId('home-active-alerts-count');
    expect(count.textContent).toBe('5alerts are active');
    expect(count.getAttribute('href')).toBe('/monitoring');
    const shown = screen.getAllByTestId('home-active-alert');
    expect(shown).toHaveLength(ACTIVE_ALERTS_SHOWN);
    expect(shown[0]?.textContent).toBe('Rule 0 since 5 minutes ago');
    expect(calls[0]?.url.searchParams.get('statusList')).toBe('ACTIVE');
  });

  it('says calmly that nothing is active', async () => {
    stubBrokerCalls((call) => (call.url.pathname === '/api/monitoring/alert' ? Response.json(pageOf([], call.url)) : undefined));
    renderPage(<AlertsCard />);
    expect(await screen.findByText('No active alerts')).toBeTruthy();
    expect(screen.queryByTestId('home-active-alerts-count')).toBeNull();
  });
});
