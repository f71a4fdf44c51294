import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { useMaxDatapoints } from './use-max-datapoints';

function MaxDatapoints() {
  return <output aria-label="max datapoints">{useMaxDatapoints()}</output>;
}

function renderWithLimit(answer: () => Response) {
  const calls = stubBrokerCalls(({ url }) => (url.pathname === '/api/dashboard/maxDatapointsLimit' ? answer() : undefined));
  renderPage(<MaxDatapoints />);
  return limitCalls(calls);
}

const limitCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname === '/api/dashboard/maxDatapointsLimit');

const shown = () => screen.getByRole('status', { name: 'max datapoints' }).textContent;

describe('the server’s maximum datapoints (spec section 9)', () => {
  setUpSignedInPageTests();

  it('uses the value the broker sends', async () => {
    const calls = stubBrokerCalls(({ url }) => (url.pathname === '/api/dashboard/maxDatapointsLimit' ? Response.json(1000) : undefined));
    renderPage(<MaxDatapoints />);
    expect(await screen.findByText('1000')).toBeTruthy();
    expect(limitCalls(calls)).toHaveLength(1);
  });

  it('raises a value of 7 or below to 8', async () => {
    renderWithLimit(() => Response.json(7));
    expect(await screen.findByText('8')).toBeTruthy();
  });

  it('keeps 500 when the broker fails to answer', async () => {
    const calls = stubBrokerCalls(({ url }) => (url.pathname === '/api/dashboard/maxDatapointsLimit' ? Response.json({ status: 500, errorCode: 2, message: 'down' }, { status: 500 }) : undefined));
    renderPage(<MaxDatapoints />);
    await waitFor(() => expect(limitCalls(calls)).toHaveLength(1));
    // Let the failed answer reach the query.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(shown()).toBe('500');
  });

  it('keeps 500 without asking on a broker that lacks the call (TBMQ 2.3 lists no extension)', async () => {
    const calls = stubBrokerCalls(({ url }) => (url.pathname === '/api/starling/extensions' ? tbmqNoHandler() : undefined));
    renderPage(<MaxDatapoints />);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/starling/extensions')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(shown()).toBe('500');
    expect(limitCalls(calls)).toEqual([]);
  });
});
