import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { getCurrentToast } from '../../components/toast/toast-store';
import { pageOf, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import SubscriptionsPage from './subscriptions-page';

/** GET /api/subscription/all as a real TBMQ 2.3.0 answered it (test-fixtures/tbmq-2.3.0). */
const recorded = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../test-fixtures/tbmq-2.3.0/subscriptions/getAllSubscriptions.json'), 'utf8')) as {
  response: { body: { data: { clientId: string }[] } };
};

/** A broker with TBMQ's answers and no Starling extension: every other path is 404 with an empty body. */
function stubTbmq() {
  return stubBrokerCalls(({ method, url }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/auth/user') return Response.json({ id: 'me', email: 'me@example.com', authority: 'SYS_ADMIN' });
    if (route === 'POST /api/auth/token') return Response.json(makeTokenPair());
    if (route === 'GET /api/subscription/all') {
      const search = url.searchParams.get('textSearch') ?? '';
      return Response.json(pageOf(recorded.response.body.data.filter((entry) => entry.clientId.includes(search)), url));
    }
    return new Response(null, { status: 404 });
  });
}

describe('subscriptions page (TBMQ 2.3’s all-subscriptions list)', () => {
  setUpSignedInPageTests();

  it('lists every client’s subscriptions from TBMQ’s answer: QoS as a level, options, identifiers, links to the sessions', async () => {
    stubTbmq();
    renderPage(<SubscriptionsPage />);
    const link = await screen.findAllByRole('link', { name: 'dev-v5-live' });
    expect(link[0]?.getAttribute('href')).toBe('/sessions?session=dev-v5-live');
    const row = screen.getByText('v5/all/+/x').closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['dev-v5-live', 'v5/all/+/x', '2', 'Yes', 'Yes', '1', '7']);
    expect(screen.getAllByTestId('subscription-row')).toHaveLength(20);
    expect(document.body.textContent).not.toMatch(/NaN|undefined/);
    expect(getCurrentToast()).toBeNull();
  });

  it('searches by client id and filters under TBMQ’s parameter names', async () => {
    const calls = stubTbmq();
    renderPage(<SubscriptionsPage />);
    await screen.findAllByTestId('subscription-row');
    fireEvent.change(screen.getByLabelText('Search subscriptions by client ID'), { target: { value: 'ws-live' } });
    await waitFor(() => expect(screen.getAllByTestId('subscription-row')).toHaveLength(3));

    fireEvent.click(screen.getByTestId('subscription-filter-toggle'));
    const panel = screen.getByRole('form', { name: 'Filter' });
    fireEvent.click(within(panel).getByLabelText('2 – Exactly once'));
    fireEvent.click(within(within(panel).getByText('No Local').closest('.bp6-form-group') as HTMLElement).getByLabelText('Yes'));
    fireEvent.change(within(panel).getByLabelText('Subscription identifier'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('subscription-filter-apply'));
    expect(within(panel).getByText('The subscription identifier is a whole number from 1 to 268435455.')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Subscription identifier'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('subscription-filter-apply'));

    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('subscriptionId')).toBe('7'));
    expect(Object.fromEntries(calls.at(-1)?.url.searchParams ?? [])).toMatchObject({ textSearch: 'ws-live', qosList: '2', noLocalList: 'true', page: '0' });
    expect(within(screen.getByTestId('subscription-filter-toggle')).getByText('3')).toBeTruthy();
  });
});
