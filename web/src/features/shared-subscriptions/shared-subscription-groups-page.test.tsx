import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import SharedSubscriptionGroupsPage from './shared-subscription-groups-page';

const group = {
  shareName: 'workers',
  topicFilter: 'jobs/#',
  clients: [
    { clientId: 'worker-1', clientType: 'APPLICATION', connected: true },
    { clientId: 'worker 2', clientType: 'DEVICE', connected: false },
  ],
};

describe('shared subscription groups page (spec section 2)', () => {
  setUpSignedInPageTests();

  it('lists each group with member chips linking to the members’ sessions, and searches by member', async () => {
    const requests: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        const url = new URL(path, 'http://console');
        requests.push(url);
        const member = url.searchParams.get('clientIdSearch');
        const data = member && !group.clients.some((client) => client.clientId.includes(member)) ? [] : [group];
        return Response.json({ data, totalPages: 1, totalElements: data.length, hasNext: false });
      }),
    );
    renderPage(<SharedSubscriptionGroupsPage />);
    const row = (await screen.findAllByTestId('shared-group-row'))[0] as HTMLElement;
    expect(within(row).getByText('workers')).toBeTruthy();
    const members = within(row).getAllByTestId('group-member');
    expect(members.map((member) => member.getAttribute('href'))).toEqual(['/sessions?session=worker-1', '/sessions?session=worker%202']);
    expect(members[1]?.getAttribute('title')).toBe('worker 2 (Disconnected)');

    fireEvent.change(screen.getByLabelText('Search by member client ID'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No shared subscription groups found')).toBeTruthy();
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('clientIdSearch')).toBe('nobody'));
    // TBMQ's form of the call: the subscriptions path asked by page, never by client.
    const asked = requests.filter((url) => url.pathname === '/api/subscription');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => url.searchParams.has('pageSize') && url.searchParams.has('page') && !url.searchParams.has('clientId'))).toBe(true);
  });
});

describe('shared subscription groups page against TBMQ 2.3 (recorded answer, no extensions)', () => {
  setUpSignedInPageTests();

  it('lists the groups TBMQ answers at GET /api/subscription?pageSize&page', async () => {
    const recorded = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../../test-fixtures/tbmq-2.3.0/subscriptions/getSharedSubscriptionGroups--tbmq-path.json'), 'utf8'),
    ) as { response: { body: unknown } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        const url = new URL(path, 'http://console');
        const groupsCall = url.pathname === '/api/subscription' && url.searchParams.has('pageSize') && !url.searchParams.has('clientId');
        return groupsCall ? Response.json(recorded.response.body) : new Response(null, { status: 404 });
      }),
    );
    renderPage(<SharedSubscriptionGroupsPage />);
    const rows = await screen.findAllByTestId('shared-group-row');
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['g1', 'g2', 'ag1']);
    expect(within(rows[0] as HTMLElement).getAllByTestId('group-member').map((member) => member.textContent)).toEqual(['shared-m1', 'shared-m2']);
  });
});
