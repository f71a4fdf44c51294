import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { IncomingRate, RATE_REFRESH_MS } from './incoming-rate';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the received-per-second figure', () => {
  it('falls to 0 once messages stop, without a message to trigger a render', () => {
    vi.useFakeTimers();
    let rate = 4200;
    renderWithProviders(
      <span data-testid="rate">
        <IncomingRate rate={() => rate} />
      </span>,
    );
    expect(screen.getByTestId('rate').textContent).toContain('4,200');
    rate = 0;
    act(() => vi.advanceTimersByTime(RATE_REFRESH_MS));
    expect(screen.getByTestId('rate').textContent).toMatch(/\b0 received/);
  });
});
