import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../api/generated/model/alert';
import type { AlertRule } from '../../../api/generated/model/alertRule';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { AlertsSection } from './alerts-section';

const rule: AlertRule = {
  id: 'rule-1',
  createdTime: 1,
  name: 'Busy broker',
  key: 'incomingMsgs',
  entityId: 'total',
  operator: 'GREATER',
  threshold: 100,
  durationSec: 90,
  recipients: [],
  enabled: true,
};

const failedAlert: Alert = {
  id: 'alert-1',
  ruleId: 'rule-1',
  ruleName: 'Busy broker',
  key: 'incomingMsgs',
  entityId: 'total',
  operator: 'GREATER',
  threshold: 100,
  value: 250,
  startTs: Date.UTC(2030, 0, 1, 12),
  status: 'ACTIVE',
  mailSent: false,
  mailError: 'The mail server 127.0.0.1:25 did not take the mail',
};

function stubBroker(rules: AlertRule[], alerts: Alert[]): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    if (url.pathname === '/api/app/brokers') return Response.json(['node-1']);
    if (url.pathname === '/api/monitoring/alert-rule' && method === 'GET') return Response.json(rules);
    if (url.pathname === '/api/monitoring/alert-rule' && method === 'POST') return Response.json({ ...rule, ...(body as object), id: 'saved', createdTime: 2 });
    if (url.pathname === '/api/monitoring/alert') return Response.json(pageOf(alerts, url));
    if (url.pathname === '/api/integrations') return Response.json(pageOf([{ id: '3f1e2d4c-5b6a-4789-8abc-def012345678', name: 'Orders to ERP', type: 'HTTP', enabled: true, configuration: { topicFilters: ['orders/#'], clientConfiguration: {} } }], url));
    return undefined;
  });
}

const saves = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.body);

describe('alerts section (issue 16)', () => {
  setUpSignedInPageTests();

  it('lists rules with their condition, duration and recipients, and the history with why a mail was not sent', async () => {
    stubBroker([rule], [failedAlert]);
    renderPage(<AlertsSection />);
    const row = await screen.findByTestId('alert-rule-row');
    expect(within(row).getByText('> 100')).toBeTruthy();
    expect(within(row).getByText('1 minute, 30 seconds')).toBeTruthy();
    expect(within(row).getByText('All administrators')).toBeTruthy();
    const alert = await screen.findByTestId('alert-row');
    expect(within(alert).getByTestId('alert-status').textContent).toBe('Active');
    expect(within(alert).getByText('250 (threshold > 100)')).toBeTruthy();
    expect(alert.textContent).toContain('Not sent: The mail server 127.0.0.1:25 did not take the mail');
  });

  it('adds a rule on a node with e-mail recipients, refusing what is not an address, and saves only a valid form', async () => {
    const calls = stubBroker([], []);
    renderPage(<AlertsSection />);
    fireEvent.click(await screen.findByTestId('add-alert-rule'));
    fireEvent.click(screen.getByTestId('alert-rule-dialog-save'));
    expect(await screen.findByText('A name is required.')).toBeTruthy();
    expect(screen.getByText('A threshold is required.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Quiet node' } });
    fireEvent.change(screen.getByLabelText('Fires when the metric is'), { target: { value: 'LESS' } });
    fireEvent.change(screen.getByLabelText('Threshold *'), { target: { value: '0,5' } });
    await waitFor(() => expect(within(screen.getByLabelText('Node')).getByText('node-1')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Node'), { target: { value: 'node-1' } });
    const recipients = screen.getByLabelText('Recipients');
    fireEvent.change(recipients, { target: { value: 'not-an-address' } });
    fireEvent.keyDown(recipients, { key: 'Enter' });
    expect(await screen.findByText(/not an e-mail address/)).toBeTruthy();
    fireEvent.change(recipients, { target: { value: 'ops@example.com' } });
    fireEvent.keyDown(recipients, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('alert-rule-dialog-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toEqual({
      name: 'Quiet node',
      key: 'incomingMsgs',
      entityId: 'node-1',
      operator: 'LESS',
      threshold: 0.5,
      durationSec: 60,
      recipients: ['ops@example.com'],
      enabled: true,
    });
  });

  it('watches an integration, chosen by its name, when the metric is one of an integration', async () => {
    const calls = stubBroker([], []);
    renderPage(<AlertsSection />);
    fireEvent.click(await screen.findByTestId('add-alert-rule'));
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Orders piling up' } });
    fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'integrationDropped' } });
    await waitFor(() => expect(within(screen.getByLabelText('Integration')).getByText('Orders to ERP')).toBeTruthy());
    expect(within(screen.getByLabelText('Integration')).queryByText('All nodes (total)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Integration'), { target: { value: '3f1e2d4c-5b6a-4789-8abc-def012345678' } });
    fireEvent.change(screen.getByLabelText('Threshold *'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('alert-rule-dialog-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({ key: 'integrationDropped', entityId: '3f1e2d4c-5b6a-4789-8abc-def012345678', operator: 'GREATER', threshold: 0 });
  });

  it('starts the node choice over at all nodes when a node metric follows an integration metric', async () => {
    stubBroker([], []);
    renderPage(<AlertsSection />);
    fireEvent.click(await screen.findByTestId('add-alert-rule'));
    fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'integrationBacklog' } });
    await screen.findByLabelText('Integration');
    fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'sessions' } });
    expect((screen.getByLabelText('Node') as HTMLSelectElement).value).toBe('total');
  });

  it('disables a rule from its switch, sending the rule as it is otherwise', async () => {
    const calls = stubBroker([rule], []);
    renderPage(<AlertsSection />);
    fireEvent.click(await screen.findByLabelText('Rule Busy broker enabled'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const { createdTime: _created, ...sent } = rule;
    expect(saves(calls)[0]).toEqual({ ...sent, enabled: false });
  });
});
