import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationSharedSubscription } from '../../api/generated/model/applicationSharedSubscription';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { recordedTbmqAnswer, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import { getCurrentToast } from '../../components/toast/toast-store';
import SharedSubscriptionApplicationsPage from './shared-subscription-applications-page';

const orders: ApplicationSharedSubscription = { id: 'orders', createdTime: 1_700_000_000_000, name: 'Orders', topicFilter: 'shop/+/orders', partitions: 3, kafkaTopic: 'starling.app.orders' };
const telemetry: ApplicationSharedSubscription = { id: 'telemetry', createdTime: 1_700_000_100_000, name: 'Telemetry', topicFilter: 'sensors/#', partitions: 1, kafkaTopic: 'starling.app.telemetry' };

const KAFKA_NOT_CONFIGURED = { status: 503, errorCode: 40, message: 'Kafka is not configured: set STARLING_KAFKA_BOOTSTRAP', timestamp: 0 };

interface BrokerAnswers {
  /** The answer to GET /api/app/cluster-info; a cluster of one broker by default. */
  clusterInfo?: Response;
  save?: Response;
  remove?: Response;
}

/** The broker's application shared subscriptions API as far as the page uses it; records every call. */
function stubBroker(subscriptions: ApplicationSharedSubscription[], answers: BrokerAnswers = {}): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    if (url.pathname === '/api/app/cluster-info/v2') return answers.clusterInfo ?? Response.json([{ brokerId: 1, address: 'localhost:9092', brokerSize: 0 }]);
    if (url.pathname === '/api/app/shared/subs' && method === 'GET') {
      const search = (url.searchParams.get('textSearch') ?? '').toLowerCase();
      const found = subscriptions.filter((subscription) => `${subscription.name} ${subscription.topicFilter}`.toLowerCase().includes(search));
      return Response.json(pageOf(found, url));
    }
    if (url.pathname === '/api/app/shared/subs' && method === 'POST') {
      return answers.save ?? Response.json({ id: 'new', createdTime: Date.now(), kafkaTopic: 'starling.app.new', ...(body as object) });
    }
    if (url.pathname.startsWith('/api/app/shared/subs/') && method === 'DELETE') return answers.remove ?? new Response(null, { status: 200 });
    return undefined;
  });
}

const listRequests = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/app/shared/subs');
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const openAddDialog = async () => {
  fireEvent.click(await screen.findByTestId('add-app-shared-subscription'));
  return screen.findByRole('form', { name: 'Add application shared subscription' });
};
const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills in a valid subscription and adds it, the broker answering the save with `answer`. */
async function addAnsweredWith(answer: Response): Promise<void> {
  stubBroker([orders], { save: answer });
  renderPage(<SharedSubscriptionApplicationsPage />);
  await openAddDialog();
  type(/Name/, 'Jobs');
  type(/Topic filter/, 'jobs/#');
  fireEvent.click(screen.getByTestId('app-shared-subscription-save'));
}

describe('application shared subscriptions page (spec section 2)', () => {
  setUpSignedInPageTests();

  it('lists the subscriptions newest first with their Kafka topics, and sorts by a clicked column', async () => {
    const calls = stubBroker([telemetry, orders]);
    renderPage(<SharedSubscriptionApplicationsPage />);
    const row = await rowOf('Orders');
    expect(within(row).getByText('shop/+/orders')).toBeTruthy();
    expect(within(row).getByText('starling.app.orders')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(listRequests(calls)[0]?.url.search).toBe('?pageSize=20&page=0&sortProperty=createdTime&sortOrder=DESC');

    fireEvent.click(screen.getByTestId('sort-by-partitions'));
    await waitFor(() => expect(listRequests(calls).at(-1)?.url.searchParams.get('sortProperty')).toBe('partitions'));
    expect(listRequests(calls).at(-1)?.url.searchParams.get('sortOrder')).toBe('ASC');
    fireEvent.click(screen.getByTestId('sort-by-partitions'));
    await waitFor(() => expect(listRequests(calls).at(-1)?.url.searchParams.get('sortOrder')).toBe('DESC'));
  });

  it('searches by name or topic filter on the broker, and says when nothing matches', async () => {
    const calls = stubBroker([telemetry, orders]);
    renderPage(<SharedSubscriptionApplicationsPage />);
    await rowOf('Orders');
    type('Search by name or topic filter', 'sensors');
    await waitFor(() => expect(screen.queryByText('Orders')).toBeNull());
    expect(screen.getByText('Telemetry')).toBeTruthy();
    expect(listRequests(calls).at(-1)?.url.searchParams.get('textSearch')).toBe('sensors');

    type('Search by name or topic filter', 'nothing like it');
    expect(await screen.findByText('No application shared subscriptions found')).toBeTruthy();
  });

  it('invites to add the first subscription when there is none', async () => {
    stubBroker([]);
    renderPage(<SharedSubscriptionApplicationsPage />);
    expect(await screen.findByText('No application shared subscriptions yet')).toBeTruthy();
  });

  it('explains the subscription topic an application client uses, with the group typed', async () => {
    stubBroker([orders]);
    renderPage(<SharedSubscriptionApplicationsPage />);
    expect((await screen.findByTestId('app-shared-subscription-example')).textContent).toBe('$share/group1/shop/+/orders');
    type('Group for copied topics', 'billing');
    expect(screen.getByTestId('app-shared-subscription-example').textContent).toBe('$share/billing/shop/+/orders');
    expect(within(await rowOf('Orders')).getByTitle('$share/billing/shop/+/orders')).toBeTruthy();

    type('Group for copied topics', 'a/b');
    expect(screen.getByText('A group needs at least one character and no /, + or #.')).toBeTruthy();
    expect(screen.queryByTestId('app-shared-subscription-example')).toBeNull();
  });

  it('checks the fields before adding, then adds with the partitions chosen', async () => {
    const calls = stubBroker([]);
    renderPage(<SharedSubscriptionApplicationsPage />);
    await openAddDialog();
    expect((screen.getByLabelText(/Partitions/) as HTMLInputElement).value).toBe('1');
    expect(screen.getByText(/at most this many members of a group receive at once/)).toBeTruthy();
    type(/Topic filter/, '$share/g/jobs/#');
    type(/Partitions/, '101');
    fireEvent.click(screen.getByTestId('app-shared-subscription-save'));
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Leave out $share/…/: clients add it with their group when they subscribe.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 100.')).toBeTruthy();

    type(/Topic filter/, 'jobs/#/late');
    expect(screen.getByText('Invalid topic filter: + and # stand for whole levels, # only at the end.')).toBeTruthy();
    type(/Topic filter/, '$SYS/#');
    expect(screen.getByText("Topic filters starting with $ are reserved for the broker's own topics.")).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    type(/Name/, ' Jobs ');
    type(/Topic filter/, 'jobs/+/done');
    type(/Partitions/, '4');
    fireEvent.click(screen.getByTestId('app-shared-subscription-save'));
    expect((await screen.findByRole('status')).textContent).toContain('Application shared subscription Jobs added, with Kafka topic starling.app.new.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Jobs', topicFilter: 'jobs/+/done', partitions: 4 });
  });

  it.each([
    ['name', /Name/, 'body.name: an application shared subscription named Orders already exists', 'an application shared subscription named Orders already exists'],
    ['topic filter', /Topic filter/, 'body.topicFilter: the application shared subscription "Orders" already has the topic filter jobs/#', 'the application shared subscription "Orders" already has the topic filter jobs/#'],
  ])('shows a taken %s at its field', async (_, label, message, shown) => {
    await addAnsweredWith(Response.json({ status: 409, errorCode: 30, message, timestamp: 0 }, { status: 409 }));
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('textbox').filter((field) => field.getAttribute('aria-invalid') === 'true')).toHaveLength(1);
  });

  it('says Kafka cannot be reached when the broker answers 503 with code 41', async () => {
    await addAnsweredWith(Response.json({ status: 503, errorCode: 41, message: 'Kafka is unavailable at STARLING_KAFKA_BOOTSTRAP: connection refused', timestamp: 0 }, { status: 503 }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kafka cannot be reached');
    expect(alert.textContent).toContain('connection refused');
  });

  it('without Kafka still lists the subscriptions and explains why none can be added', async () => {
    const calls = stubBroker([orders], { clusterInfo: Response.json(KAFKA_NOT_CONFIGURED, { status: 503 }) });
    renderPage(<SharedSubscriptionApplicationsPage />);
    await rowOf('Orders');
    expect((await screen.findByTestId('kafka-not-configured')).textContent).toContain('STARLING_KAFKA_BOOTSTRAP');
    await openAddDialog();
    const dialogCallout = within(screen.getByRole('form', { name: 'Add application shared subscription' })).getByTestId('kafka-not-configured');
    expect(dialogCallout.textContent).toContain('Kafka is not configured');
    expect((screen.getByTestId('app-shared-subscription-save') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('learns from the create answer that Kafka is not configured', async () => {
    await addAnsweredWith(Response.json(KAFKA_NOT_CONFIGURED, { status: 503 }));
    const form = screen.getByRole('form', { name: 'Add application shared subscription' });
    expect((await within(form).findByTestId('kafka-not-configured')).textContent).toContain('STARLING_KAFKA_BOOTSTRAP');
  });

  it('renames a subscription, sending its topic filter and partitions unchanged', async () => {
    const calls = stubBroker([orders]);
    renderPage(<SharedSubscriptionApplicationsPage />);
    fireEvent.click(within(await rowOf('Orders')).getByRole('button', { name: 'Rename Orders' }));
    expect(screen.queryByLabelText(/Topic filter/)).toBeNull();
    type(/Name/, 'Shop orders');
    fireEvent.click(screen.getByTestId('app-shared-subscription-save'));
    expect((await screen.findByRole('status')).textContent).toContain('renamed to Shop orders');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ id: 'orders', name: 'Shop orders', topicFilter: 'shop/+/orders', partitions: 3 });
  });

  it('asks before deleting, naming the Kafka topic that goes with the subscription', async () => {
    const calls = stubBroker([orders]);
    renderPage(<SharedSubscriptionApplicationsPage />);
    fireEvent.click(within(await rowOf('Orders')).getByRole('button', { name: 'Delete Orders' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Delete application shared subscription Orders?')).toBeTruthy();
    expect(within(confirm).getByTestId('delete-app-shared-subscription-text').textContent).toBe(
      'The Kafka topic starling.app.orders and every message it still holds are deleted. Application clients subscribed to $share/…/shop/+/orders receive nothing more from it. This cannot be undone.',
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    expect((await screen.findByRole('status')).textContent).toContain('Application shared subscription deleted, with its Kafka topic.');
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/api/app/shared/subs/orders');
  });

  it("shows the broker's refusal to delete without Kafka", async () => {
    stubBroker([orders], { remove: Response.json(KAFKA_NOT_CONFIGURED, { status: 503 }) });
    renderPage(<SharedSubscriptionApplicationsPage />);
    fireEvent.click(within(await rowOf('Orders')).getByRole('button', { name: 'Delete Orders' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    expect((await screen.findByRole('alert')).textContent).toContain('Kafka is not configured: set STARLING_KAFKA_BOOTSTRAP');
    expect(screen.getByText('Orders')).toBeTruthy();
  });

  it('lists TBMQ 2.3’s recorded subscriptions, which name no Kafka topic: no such column, and the delete says "its Kafka topic"', async () => {
    stubBrokerCalls(({ method, url }) => {
      if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
      if (url.pathname === '/api/app/cluster-info/v2') return recordedTbmqAnswer('app/getKafkaClusterInfo--tbmq-v2.json');
      if (url.pathname === '/api/app/shared/subs' && method === 'GET') return recordedTbmqAnswer('app-shared-subs/getApplicationSharedSubscriptions.json');
      return undefined;
    });
    renderPage(<SharedSubscriptionApplicationsPage />);
    const row = await rowOf('app-shared-1');
    expect(within(row).getByText('app/shared/#')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Kafka topic' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete app-shared-1' }));
    expect((await screen.findByTestId('delete-app-shared-subscription-text')).textContent).toMatch(/^Its Kafka topic and every message/);
    expect(getCurrentToast()).toBeNull();
  });
});
