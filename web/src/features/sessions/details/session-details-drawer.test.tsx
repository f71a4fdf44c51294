import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import SessionsPage from '../sessions-page';
import { makeSession, stubSessionsBroker } from '../sessions-test-broker';

const subscribed = makeSession('sensor-1', {
  subscriptionsCount: 1,
  subscriptions: [{ topicFilter: 'sensors/#', qos: 'AT_LEAST_ONCE', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 }, subscriptionId: null }],
});

const openDetails = async () => {
  window.history.replaceState(null, '', '/sessions?session=sensor-1');
  renderPage(<SessionsPage />);
  const heading = await screen.findByTestId('session-details-client-id');
  return heading.closest('.session-details') as HTMLElement;
};

describe('session details (issue 7)', () => {
  setUpSignedInPageTests();

  it('opens from the URL with every field and copy buttons on the ids', async () => {
    stubSessionsBroker([subscribed]);
    const drawer = await openDetails();
    expect(within(drawer).getByText('sensor-1-session')).toBeTruthy();
    expect(within(drawer).getByText('Ends with the connection')).toBeTruthy();
    expect(within(drawer).getAllByRole('button', { name: 'Copy to clipboard' }).length).toBeGreaterThanOrEqual(2);
  });

  it('edits the subscriptions, naming the field that is wrong, and saves the list at once', async () => {
    const calls = stubSessionsBroker([subscribed]);
    const drawer = await openDetails();
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Subscriptions' }));
    fireEvent.click(within(drawer).getByTestId('add-subscription'));

    const dialog = await screen.findByRole('dialog', { name: 'Add subscription' });
    fireEvent.change(within(dialog).getByLabelText(/Topic filter/), { target: { value: 'sensors/#' } });
    fireEvent.change(within(dialog).getByLabelText('Subscription identifier'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByTestId('subscription-dialog-done'));
    expect(within(dialog).getByText('The session already has a subscription with this topic filter.')).toBeTruthy();
    expect(within(dialog).getByText('The subscription identifier is a whole number from 1 to 268435455.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Topic filter/), { target: { value: '$share/group/alarms/+' } });
    fireEvent.change(within(dialog).getByLabelText('Subscription identifier'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('QoS'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByTestId('subscription-dialog-done'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add subscription' })).toBeNull());

    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove subscription sensors/#' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(drawer).getByTestId('save-subscriptions'));
    await screen.findByText('Subscriptions saved.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      clientId: 'sensor-1',
      subscriptions: [{ topicFilter: '$share/group/alarms/+', qos: 'EXACTLY_ONCE', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 }, subscriptionId: 12 }],
    });
  });

  it('says so when the session does not exist', async () => {
    stubSessionsBroker([]);
    window.history.replaceState(null, '', '/sessions?session=ghost');
    renderPage(<SessionsPage />);
    expect(await screen.findByText('No session of client “ghost”')).toBeTruthy();
  });
});
