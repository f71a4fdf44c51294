import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { getCurrentToast } from '../../components/toast/toast-store';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { recordedTbmqAnswer, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import KafkaTopicsPage from './kafka-topics-page';
import { KAFKA_NOT_CONFIGURED_ANSWER, KAFKA_UNREACHABLE_ANSWER, stubKafkaBroker } from './kafka-test-broker';

const topics = [
  { name: 'orders', partitions: 6, replicationFactor: 3, size: 5 * 1024 * 1024 + 300 * 1024 },
  { name: 'audit', partitions: 1, replicationFactor: 1, size: 0 },
  { name: 'order-events', partitions: 12, replicationFactor: 2, size: 1536 },
];

const topicRequests = (calls: { url: URL }[]) => calls.filter((call) => call.url.pathname === '/api/app/kafka-topics/v2').map((call) => call.url.searchParams);
const rowTexts = () => screen.getAllByTestId('kafka-topic-row').map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent));

describe('Kafka topics page (spec section 2, /kafka/topics)', () => {
  setUpSignedInPageTests();

  it('lists the topics with partitions, replication factor and a readable size, sorted by name', async () => {
    const calls = stubKafkaBroker({ topics });
    renderPage(<KafkaTopicsPage />);

    await screen.findAllByTestId('kafka-topic-row');
    expect(rowTexts()).toEqual([
      ['audit', '1', '1', '0 bytes'],
      ['order-events', '12', '2', '1.5 KB'],
      ['orders', '6', '3', '5.3 MB'],
    ]);
    expect(Object.fromEntries(topicRequests(calls)[0] ?? [])).toEqual({ pageSize: '20', page: '0', sortProperty: 'name', sortOrder: 'ASC' });
  });

  it('sorts by a column on a click, the other way round on a second click, and searches by name', async () => {
    const calls = stubKafkaBroker({ topics });
    renderPage(<KafkaTopicsPage />);
    await screen.findAllByTestId('kafka-topic-row');

    fireEvent.click(screen.getByTestId('sort-by-size'));
    await waitFor(() => expect(rowTexts().map((row) => row[0])).toEqual(['audit', 'order-events', 'orders']));
    fireEvent.click(screen.getByTestId('sort-by-size'));
    await waitFor(() => expect(rowTexts().map((row) => row[0])).toEqual(['orders', 'order-events', 'audit']));
    expect(topicRequests(calls).at(-1)?.get('sortOrder')).toBe('DESC');
    expect(screen.getByTestId('sort-by-size').closest('th')?.getAttribute('aria-sort')).toBe('descending');

    fireEvent.change(screen.getByLabelText('Search topics by name'), { target: { value: 'order' } });
    await waitFor(() => expect(rowTexts().map((row) => row[0])).toEqual(['orders', 'order-events']));
    expect(topicRequests(calls).at(-1)?.get('textSearch')).toBe('order');

    fireEvent.change(screen.getByLabelText('Search topics by name'), { target: { value: 'nothing-like-it' } });
    expect(await screen.findByText('No topics found')).toBeTruthy();
  });

  it('explains, instead of a list, that Kafka is not configured and which setting to set, asking once', async () => {
    const calls = stubKafkaBroker({ failure: KAFKA_NOT_CONFIGURED_ANSWER });
    renderPage(<KafkaTopicsPage />);

    const state = await screen.findByTestId('kafka-not-configured');
    expect(screen.getByText('Kafka is not configured')).toBeTruthy();
    expect(state.textContent).toContain('application shared subscriptions');
    expect(within(state).getByText('STARLING_KAFKA_BOOTSTRAP').tagName).toBe('CODE');
    expect(screen.queryByLabelText('Loading…')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    // No retries: the broker has said there is no Kafka; no toast either, the page explains it.
    expect(topicRequests(calls)).toHaveLength(1);
    expect(document.querySelector('.bp6-toast')).toBeNull();
    expect(screen.getByText('How to connect Kafka')).toBeTruthy();
    const docs = screen.getAllByRole('link', { name: 'Open the documentation in a new tab' }).map((link) => link.getAttribute('href'));
    expect(new Set(docs)).toEqual(new Set([`${window.location.origin}/docs/en/kafka`]));
  });

  it('says when Kafka cannot be reached, with the broker\'s reason', async () => {
    stubKafkaBroker({ failure: KAFKA_UNREACHABLE_ANSWER });
    renderPage(<KafkaTopicsPage />);

    const state = await screen.findByTestId('kafka-unreachable');
    expect(screen.getByText('Kafka cannot be reached')).toBeTruthy();
    expect(state.textContent).toContain('connect ECONNREFUSED 10.0.0.5:9092');
  });

  it('shows any other failure with the broker\'s message and a way to try again, not a spinner', async () => {
    const calls = stubKafkaBroker({ failure: { status: 400, errorCode: 31, message: 'pageSize must be at most 1000', timestamp: 0 } });
    renderPage(<KafkaTopicsPage />);

    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    expect(screen.getByText('pageSize must be at most 1000')).toBeTruthy();
    expect(screen.queryByLabelText('Loading…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(topicRequests(calls)).toHaveLength(2));
  });

  it('lists TBMQ 2.3’s recorded topics (a broker without extensions), without a toast', async () => {
    stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/starling/extensions') return tbmqNoHandler();
      if (url.pathname === '/api/app/kafka-topics/v2') return recordedTbmqAnswer('app/getKafkaTopics--tbmq-v2.json');
      return undefined;
    });
    renderPage(<KafkaTopicsPage />);
    await screen.findAllByTestId('kafka-topic-row');
    expect(rowTexts()).toContainEqual(['tbmq.msg.persisted', '12', '1', '2.1 KB']);
    expect(getCurrentToast()).toBeNull();
  });
});
