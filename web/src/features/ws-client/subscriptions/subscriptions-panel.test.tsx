import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WsSubscription } from '../../../api/generated/model/wsSubscription';
import type { WsSubscriptionSave } from '../../../api/generated/model/wsSubscriptionSave';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { makeWsConnection } from '../ws-client-test-data';
import { SubscriptionsPanel, type SubscriptionsPanelProps } from './subscriptions-panel';

const held: WsSubscription = { id: 's1', createdTime: 1, webSocketConnectionId: 'c1', configuration: { topicFilter: 'plant/#', qos: 1, color: '#2D72D2' } };

function stubBroker(subscriptions: WsSubscription[]): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/ws/subscription') return Response.json(pageOf(subscriptions, url));
    if (route === 'POST /api/ws/subscription') {
      const save = body as WsSubscriptionSave;
      return Response.json({ id: save.id ?? 's2', createdTime: 2, webSocketConnectionId: save.webSocketConnectionId, configuration: save.configuration });
    }
    if (route === 'DELETE /api/ws/subscription/s1') return new Response(null, { status: 200 });
    return undefined;
  });
}

function renderPanel(changes: Partial<SubscriptionsPanelProps> = {}) {
  const props: SubscriptionsPanelProps = {
    connection: makeWsConnection('c1', 'Lab'),
    connected: true,
    brokerMessageRate: 420,
    onSubscribe: vi.fn(async () => undefined),
    onUnsubscribe: vi.fn(async () => undefined),
    onSubscriptionsChange: vi.fn(),
    ...changes,
  };
  renderPage(<SubscriptionsPanel {...props} />);
  return props;
}

const saves = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.body as WsSubscriptionSave);

describe('subscriptions panel (issue 15)', () => {
  setUpSignedInPageTests();

  it('lists the saved subscriptions and hands them on', async () => {
    stubBroker([held]);
    const props = renderPanel();
    expect(await screen.findByText('plant/#')).toBeTruthy();
    await waitFor(() => expect(props.onSubscriptionsChange).toHaveBeenCalledWith([held]));
  });

  it('adds sensors/# with a colour the connection does not use yet, and subscribes the connected client', async () => {
    const calls = stubBroker([held]);
    const props = renderPanel();
    await screen.findByText('plant/#');
    fireEvent.click(screen.getByTestId('ws-subscription-add'));
    expect((screen.getByLabelText(/^Topic filter/) as HTMLInputElement).value).toBe('sensors/#');
    fireEvent.click(screen.getByTestId('ws-subscription-save'));
    await waitFor(() => expect(props.onSubscribe).toHaveBeenCalled());
    const saved = saves(calls)[0];
    expect(saved?.configuration.topicFilter).toBe('sensors/#');
    expect(saved?.configuration.color).not.toBe('#2D72D2');
    expect(saved?.configuration.color).toMatch(/^#/);
  });

  it('warns before taking every topic of a busy broker, showing its rate, and saves nothing on cancel', async () => {
    const calls = stubBroker([]);
    const props = renderPanel();
    fireEvent.click(await screen.findByTestId('ws-subscription-add'));
    fireEvent.change(screen.getByLabelText(/^Topic filter/), { target: { value: '#' } });
    fireEvent.click(screen.getByTestId('ws-subscription-save'));
    const warning = await screen.findByTestId('every-topic-warning');
    expect(warning.textContent).toContain('420 messages per second');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('every-topic-warning')).toBeNull());
    expect(saves(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('ws-subscription-save'));
    fireEvent.click(await screen.findByText('Subscribe anyway'));
    await waitFor(() => expect(props.onSubscribe).toHaveBeenCalledWith(expect.objectContaining({ topicFilter: '#' })));
  });

  it('on MQTT 3.1.1 disables the MQTT 5 options and says why', async () => {
    stubBroker([]);
    renderPanel({ connection: makeWsConnection('c1', 'Old', 4) });
    fireEvent.click(await screen.findByTestId('ws-subscription-add'));
    expect(screen.getByTestId('mqtt5-only-note').textContent).toContain('3.1.1');
    expect(screen.getByLabelText(/^Subscription identifier/).matches(':disabled')).toBe(true);
  });

  it('deletes after asking, and unsubscribes the connected client', async () => {
    const calls = stubBroker([held]);
    const props = renderPanel();
    fireEvent.click(await screen.findByLabelText('Remove subscription plant/#'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(props.onUnsubscribe).toHaveBeenCalledWith('plant/#'));
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/ws/subscription/s1')).toBe(true);
  });

  it('marks the filters the broker refused on their rows, with why', async () => {
    stubBroker([held, { ...held, id: 's2', createdTime: 2, configuration: { topicFilter: 'vault/#', qos: 0, color: '#CD4246' } }]);
    renderPanel({ refusals: new Map([['vault/#', 'Not authorized (code 135)']]) });
    const refusedRow = (await screen.findByText('vault/#')).closest('li') as HTMLElement;
    const tag = within(refusedRow).getByTestId('ws-subscription-refused');
    expect(tag.textContent).toBe('Refused');
    expect(tag.getAttribute('title')).toBe('The broker refused this subscription: Not authorized (code 135)');
    expect(within(screen.getByText('plant/#').closest('li') as HTMLElement).queryByTestId('ws-subscription-refused')).toBeNull();
  });

  it('only saves while the client is not connected', async () => {
    stubBroker([]);
    const props = renderPanel({ connected: false });
    fireEvent.click(await screen.findByTestId('ws-subscription-add'));
    fireEvent.click(screen.getByTestId('ws-subscription-save'));
    await waitFor(() => expect(screen.queryByTestId('ws-subscription-save')).toBeNull());
    expect(props.onSubscribe).not.toHaveBeenCalled();
  });
});
