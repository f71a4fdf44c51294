import { screen, within } from '@testing-library/react';
import { use } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import HomePage from './home-page';

// The charts' code still on its way: it never arrives in this test.
const chartsArriving = new Promise<never>(() => undefined);
vi.mock('./monitoring/monitoring-card', () => ({ MonitoringCard: () => use(chartsArriving) }));

describe('home dashboard renders its counters first (issue 29)', () => {
  setUpSignedInPageTests();

  it('shows the session counters and the broker version while the monitoring charts are still loading', async () => {
    stubBrokerCalls(({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url.pathname === '/api/auth/user') return Response.json(makeUser({ id: 'operator-7' }));
      if (url.pathname === '/api/client-session/info') return Response.json({ connectedCount: 4, disconnectedCount: 2, totalCount: 6 });
      if (url.pathname === '/api/system/info') return Response.json({ version: '1.3.0' });
      return undefined;
    });
    renderPage(<HomePage />);
    const sessions = await screen.findByRole('region', { name: 'Sessions' });
    expect((await within(sessions).findByTestId('home-connectedCount')).textContent).toContain('4');
    expect(within(sessions).getByTestId('home-totalCount').textContent).toContain('6');
    expect((await screen.findByTestId('broker-version')).textContent).toContain('1.3.0');
    // The other cards render after the counters' frame, without waiting for the charts either.
    expect(await screen.findByRole('region', { name: 'Quick links' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Monitoring' })).toBeNull();
  });
});
