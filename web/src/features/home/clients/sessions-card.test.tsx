import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { SessionsCard } from './sessions-card';

describe('home sessions card (spec section 2)', () => {
  setUpSignedInPageTests();

  it('shows the counts shortened, each linking to the sessions list filtered to what it counts', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ connectedCount: 1500, disconnectedCount: 7, totalCount: 1507 })));
    renderPage(<SessionsCard />);
    const connected = await screen.findByTestId('home-connectedCount');
    expect(connected.textContent).toBe('1.5KConnected');
    expect(connected.getAttribute('href')).toBe('/sessions?connectedStatusList=CONNECTED');
    expect(screen.getByTestId('home-disconnectedCount').getAttribute('href')).toBe('/sessions?connectedStatusList=DISCONNECTED');
    expect(screen.getByTestId('home-totalCount').getAttribute('href')).toBe('/sessions');
  });
});
