import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { getCurrentToast } from '../../components/toast/toast-store';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { recordedTbmqAnswer, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import KafkaConsumerGroupsPage from './kafka-consumer-groups-page';
import { KAFKA_NOT_CONFIGURED_ANSWER, KAFKA_UNREACHABLE_ANSWER, stubKafkaBroker } from './kafka-test-broker';

const groups = () => [
  { groupId: 'billing', state: 'STABLE', members: 2, lag: 1200 },
  { groupId: 'archive', state: 'EMPTY', members: 0, lag: 35 },
  { groupId: 'reports', state: 'PREPARING_REBALANCE', members: 1, lag: 0 },
];

const rowOf = (groupId: string) => screen.getAllByTestId('kafka-group-row').find((row) => row.querySelector('td')?.textContent === groupId) as HTMLElement;
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent);
const groupRequests = (calls: { method: string; url: URL }[]) => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/app/consumer-groups/v2').map((call) => call.url.searchParams);

describe('Kafka consumer groups page (spec section 2, /kafka/consumer-groups)', () => {
  setUpSignedInPageTests();

  it('lists each group with its state, members and lag, sorted by group id', async () => {
    const calls = stubKafkaBroker({ groups: groups() });
    renderPage(<KafkaConsumerGroupsPage />);

    await screen.findAllByTestId('kafka-group-row');
    expect(screen.getAllByTestId('kafka-group-row').map(cells)).toEqual([
      ['archive', 'Empty', '0', '35', ''],
      ['billing', 'Stable', '2', '1,200', ''],
      ['reports', 'Preparing rebalance', '1', '0', ''],
    ]);
    expect(groupRequests(calls)[0]?.get('sortProperty')).toBe('groupId');

    fireEvent.click(screen.getByTestId('sort-by-lag'));
    fireEvent.click(screen.getByTestId('sort-by-lag'));
    await waitFor(() => expect(screen.getAllByTestId('kafka-group-row').map((row) => cells(row)[0])).toEqual(['billing', 'archive', 'reports']));
    expect(Object.fromEntries(groupRequests(calls).at(-1) ?? [])).toMatchObject({ sortProperty: 'lag', sortOrder: 'DESC' });

    fireEvent.change(screen.getByLabelText('Search consumer groups by ID'), { target: { value: 'bill' } });
    await waitFor(() => expect(screen.getAllByTestId('kafka-group-row')).toHaveLength(1));
    expect(groupRequests(calls).at(-1)?.get('textSearch')).toBe('bill');
  });

  it('offers delete only for a group without members, explaining why not for the others', async () => {
    stubKafkaBroker({ groups: groups() });
    renderPage(<KafkaConsumerGroupsPage />);
    await screen.findAllByTestId('kafka-group-row');

    const billing = within(rowOf('billing')).getByRole('button', { name: 'Delete consumer group billing' });
    expect(billing.hasAttribute('disabled')).toBe(true);
    expect(billing.parentElement?.getAttribute('title')).toBe('A group with members cannot be deleted: stop its 2 consumers first.');
    expect(within(rowOf('reports')).getByRole('button', { name: 'Delete consumer group reports' }).parentElement?.getAttribute('title')).toContain('stop its consumer first');
    expect(within(rowOf('archive')).getByRole('button', { name: 'Delete consumer group archive' }).hasAttribute('disabled')).toBe(false);
  });

  it('deletes a group after a confirmation naming it, and the list no longer shows it', async () => {
    const calls = stubKafkaBroker({ groups: groups() });
    renderPage(<KafkaConsumerGroupsPage />);
    await screen.findAllByTestId('kafka-group-row');

    fireEvent.click(within(rowOf('archive')).getByRole('button', { name: 'Delete consumer group archive' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete the consumer group “archive”?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect(await screen.findByText('Consumer group “archive” deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('kafka-group-row').map((row) => cells(row)[0])).toEqual(['billing', 'reports']));
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => `${call.url.pathname}?${call.url.searchParams}`)).toEqual(['/api/app/consumer-group?groupId=archive']);
  });

  it('keeps the dialog open with Kafka\'s refusal when the group has gained a member meanwhile', async () => {
    const held = groups();
    stubKafkaBroker({ groups: held });
    renderPage(<KafkaConsumerGroupsPage />);
    await screen.findAllByTestId('kafka-group-row');
    fireEvent.click(within(rowOf('archive')).getByRole('button', { name: 'Delete consumer group archive' }));
    // A consumer joins between the list and the confirmation: the broker answers 409.
    (held[1] as { members: number }).members = 1;

    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    const error = await within(dialog).findByTestId('kafka-delete-error');
    expect(error.textContent).toContain('The consumer group was not deleted');
    expect(error.textContent).toContain('The consumer group archive has 1 active member(s): stop its consumers first');
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('explains a missing Kafka and an unreachable one instead of the list', async () => {
    stubKafkaBroker({ failure: KAFKA_NOT_CONFIGURED_ANSWER });
    const first = renderPage(<KafkaConsumerGroupsPage />);
    expect((await screen.findByTestId('kafka-not-configured')).textContent).toContain('STARLING_KAFKA_BOOTSTRAP');
    first.unmount();

    stubKafkaBroker({ failure: KAFKA_UNREACHABLE_ANSWER });
    renderPage(<KafkaConsumerGroupsPage />);
    expect((await screen.findByTestId('kafka-unreachable')).textContent).toContain('connect ECONNREFUSED 10.0.0.5:9092');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists TBMQ 2.3’s recorded consumer groups (a broker without extensions), without a toast', async () => {
    stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
      if (url.pathname === '/api/app/consumer-groups/v2') return recordedTbmqAnswer('app/getKafkaConsumerGroups--tbmq-v2.json');
      return undefined;
    });
    renderPage(<KafkaConsumerGroupsPage />);
    const rows = await screen.findAllByTestId('kafka-group-row');
    expect(rows.some((row) => row.textContent?.includes('msg-all-consumer-group'))).toBe(true);
    expect(getCurrentToast()).toBeNull();
  });
});
