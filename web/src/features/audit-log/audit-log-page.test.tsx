import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditLog } from '../../api/generated/model/auditLog';
import { DAY_MS } from '../../components/interval-input/interval-rules';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import AuditLogPage from './audit-log-page';

const admin = makeUser({ id: 'admin', email: 'sysadmin@starling.local' });
const ada = makeUser({ id: 'ada', email: 'ada@example.com' });

const deletedCredentials: AuditLog = {
  id: 'entry-1',
  createdTime: Date.now() - 60_000,
  userId: 'ada',
  userName: 'ada@example.com',
  address: '192.0.2.7',
  entityType: 'MQTT_CLIENT_CREDENTIALS',
  entityId: 'cred-42',
  entityName: 'sensor-fleet',
  actionType: 'UPDATED',
  actionStatus: 'FAILURE',
  actionFailureDetails: 'Client id is already used by other credentials',
  actionData: { before: { name: 'sensor-fleet', clientId: 'old-id' }, after: { name: 'sensor-fleet', clientId: 'taken-id' } },
};
const failedSignIn: AuditLog = {
  id: 'entry-2',
  createdTime: Date.now() - 120_000,
  userName: 'mallory@example.com',
  address: '198.51.100.3',
  entityType: 'USER',
  actionType: 'LOGIN',
  actionStatus: 'FAILURE',
  actionData: {},
};

/** A broker with the audit log, as far as the page uses it; `exported` is how it answers the export. */
function stubBroker(exported: () => Response = () => new Response('createdTime,userName\n', { headers: { 'Content-Type': 'text/csv' } })): RecordedCall[] {
  return stubBrokerCalls(({ method, url }) => {
    if (method !== 'GET') return undefined;
    if (url.pathname === '/api/auth/user') return Response.json(admin);
    if (url.pathname === '/api/admin') return Response.json(pageOf([admin, ada], url));
    if (url.pathname === '/api/audit-log') return Response.json(pageOf([deletedCredentials, failedSignIn], url));
    if (url.pathname === '/api/audit-log/export') return exported();
    return undefined;
  });
}

/** jsdom's Blob has no text(); its FileReader reads one. */
const textOf = (blob: Blob | undefined) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    if (blob) reader.readAsText(blob);
    else reject(new Error('no file'));
  });

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname === '/api/audit-log');
const lastListQuery = (calls: RecordedCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.url.searchParams ?? []);

describe('audit log page (issue 31)', () => {
  setUpSignedInPageTests();
  afterEach(() => vi.restoreAllMocks());

  it('lists the last day newest first, and asks again with what the filter panel sets', async () => {
    const calls = stubBroker();
    const before = Date.now();
    renderPage(<AuditLogPage />);
    expect(await screen.findByText('sensor-fleet')).toBeTruthy();
    const first = lastListQuery(calls);
    expect(first).toMatchObject({ page: '0', pageSize: '20', sortProperty: 'createdTime', sortOrder: 'DESC' });
    expect(Number(first.endTime)).toBeGreaterThanOrEqual(before);
    expect(Number(first.endTime) - Number(first.startTime)).toBe(DAY_MS);
    expect(first).not.toHaveProperty('entityTypeList');

    fireEvent.click(screen.getByTestId('audit-log-filter-toggle'));
    const panel = screen.getByRole('form', { name: 'Filter' });
    const userSelect = within(panel).getByLabelText('User', { selector: 'select' });
    await within(userSelect).findByRole('option', { name: 'ada@example.com' });
    fireEvent.change(userSelect, { target: { value: 'ada' } });
    fireEvent.change(within(panel).getByLabelText('Status'), { target: { value: 'FAILURE' } });
    fireEvent.click(within(panel).getByLabelText('Client credentials'));
    fireEvent.click(within(panel).getByLabelText('Sign-in'));
    fireEvent.click(within(panel).getByLabelText('Deleted'));
    fireEvent.click(screen.getByTestId('audit-log-filter-apply'));

    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ userIdList: 'ada', actionStatus: 'FAILURE', entityTypeList: 'MQTT_CLIENT_CREDENTIALS', actionTypeList: 'LOGIN,DELETED', page: '0' }));
    // The button counts the restricting parts: user, status, entity types, action types.
    expect(within(screen.getByTestId('audit-log-filter-toggle')).getByText('4')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by user, entity name or id'), { target: { value: 'sensor' } });
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ textSearch: 'sensor', userIdList: 'ada' }));
  });

  it('counts the time window up to the moment of a refresh, keeping the page and the order', async () => {
    const calls = stubBroker();
    renderPage(<AuditLogPage />);
    await screen.findByText('sensor-fleet');
    const first = lastListQuery(calls);
    // A minute later, as far as the page can tell.
    const later = Number(first.endTime) + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ endTime: String(later), startTime: String(later - DAY_MS) }));
    expect(lastListQuery(calls)).toMatchObject({ page: first.page, sortProperty: 'createdTime', sortOrder: 'DESC' });
  });

  it('sorts by a clicked column header', async () => {
    const calls = stubBroker();
    renderPage(<AuditLogPage />);
    await screen.findByText('sensor-fleet');
    fireEvent.click(screen.getByTestId('sort-by-userName'));
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ sortProperty: 'userName', sortOrder: 'ASC' }));
  });

  it('says it is not available on a broker without the auditLog extension, and asks it nothing', async () => {
    const calls = stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/auth/user') return Response.json(admin);
      if (url.pathname === '/api/starling/extensions') return Response.json({ extensions: ['retainedTree'] });
      return undefined;
    });
    renderPage(<AuditLogPage />);
    expect(await screen.findByText('Not available on this broker')).toBeTruthy();
    expect(screen.getByText(/keeps no audit log/)).toBeTruthy();
    expect(listCalls(calls)).toEqual([]);
  });

  it('opens an entry with every field, why it failed, and its change before and after side by side', async () => {
    stubBroker();
    renderPage(<AuditLogPage />);
    fireEvent.click(await screen.findByText('sensor-fleet'));
    const dialog = await screen.findByRole('dialog', { name: /Audit log entry/ });
    for (const text of ['ada@example.com', 'ada', '192.0.2.7', 'Updated', 'Failure', 'Client credentials', 'sensor-fleet', 'cred-42', 'entry-1']) {
      expect(within(dialog).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(within(dialog).getByText('Client id is already used by other credentials')).toBeTruthy();
    expect(within(within(dialog).getByTestId('audit-log-before')).getByText('"old-id"')).toBeTruthy();
    expect(within(within(dialog).getByTestId('audit-log-after')).getByText('"taken-id"')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A failed sign-in has no user id and no entity: those rows are left out rather than shown empty.
    fireEvent.click(screen.getByRole('button', { name: 'Details: Sign-in by mallory@example.com' }));
    const signIn = await screen.findByRole('dialog', { name: /Audit log entry/ });
    expect(within(signIn).queryByText('User ID')).toBeNull();
    expect(within(signIn).queryByText('Entity ID')).toBeNull();
    expect(within(signIn).getByText('Nothing recorded beyond the fields above.')).toBeTruthy();
  });

  describe('export', () => {
    let saved: { file: Blob; name: string }[];
    beforeEach(() => {
      saved = [];
      let file: Blob | undefined;
      // jsdom has no object URLs: these stand in for the browser's, for this block only.
      Object.assign(URL, { createObjectURL: (blob: Blob) => ((file = blob), 'blob:audit'), revokeObjectURL: () => undefined });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        if (file) saved.push({ file, name: this.download });
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('asks for the CSV of the current filters with the session token and saves the answer as a file', async () => {
      const csv = 'createdTime,userName,address\n2026-11-27T12:00:00.000Z,ada@example.com,192.0.2.7\n';
      const calls = stubBroker(() => new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
      renderPage(<AuditLogPage />);
      await screen.findByText('sensor-fleet');
      fireEvent.click(screen.getByTestId('audit-log-filter-toggle'));
      fireEvent.click(within(screen.getByRole('form', { name: 'Filter' })).getByLabelText('Client credentials'));
      fireEvent.click(screen.getByTestId('audit-log-filter-apply'));
      await waitFor(() => expect(lastListQuery(calls)).toHaveProperty('entityTypeList', 'MQTT_CLIENT_CREDENTIALS'));

      fireEvent.click(screen.getByTestId('audit-log-export'));
      await waitFor(() => expect(saved).toHaveLength(1));
      const exportCall = calls.find((call) => call.url.pathname === '/api/audit-log/export');
      const query = Object.fromEntries(exportCall?.url.searchParams ?? []);
      const list = lastListQuery(calls);
      // The same selection as the list, without its page, page size and order.
      expect(query).toEqual({ entityTypeList: 'MQTT_CLIENT_CREDENTIALS', startTime: list.startTime, endTime: list.endTime });
      const fetchInit = vi.mocked(fetch).mock.calls.find(([path]) => String(path).startsWith('/api/audit-log/export'))?.[1];
      expect(new Headers(fetchInit?.headers).get('X-Authorization')).toMatch(/^Bearer /);
      expect(saved[0]?.name).toMatch(/^audit-log-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.csv$/);
      expect(saved[0]?.file.type).toBe('text/csv;charset=utf-8');
      expect(await textOf(saved[0]?.file)).toBe(csv);
    });

    it('shows an error toast naming the reason when the broker refuses, and saves nothing', async () => {
      stubBroker(() => Response.json({ status: 400, errorCode: 31, message: 'startTime must be before endTime', timestamp: 0 }, { status: 400 }));
      renderPage(<AuditLogPage />);
      await screen.findByText('sensor-fleet');
      fireEvent.click(screen.getByTestId('audit-log-export'));
      expect(await screen.findByText('The audit log could not be exported: startTime must be before endTime')).toBeTruthy();
      expect(saved).toEqual([]);
    });
  });
});
