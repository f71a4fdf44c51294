import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubBrokerCalls } from '../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { recordedTbmqAnswer } from '../../../test-support/tbmq-recorded-answers';
import { KafkaBrokersCard } from './kafka-brokers-card';
import { KafkaConsumerGroupsCard } from './kafka-consumer-groups-card';
import { KafkaTopicsCard } from './kafka-topics-card';

const cluster = {
  data: [
    { brokerId: 1, address: 'kafka-1', port: 9092, controller: false, brokerSize: 2048 },
    { brokerId: 2, address: 'kafka-2', port: 9092, controller: true, brokerSize: 3 * 1024 * 1024 },
  ],
  totalPages: 1,
  totalElements: 2,
  hasNext: false,
};
const largestTopics = {
  data: [
    { name: 'orders', partitions: 6, replicationFactor: 3, size: 4 * 1024 * 1024 },
    { name: 'audit', partitions: 1, replicationFactor: 1, size: 1536 },
  ],
  totalElements: 14,
  totalPages: 7,
  hasNext: true,
};
const groupsByLag = {
  data: [
    { groupId: 'billing', state: 'STABLE', members: 2, lag: 1500 },
    { groupId: 'archive', state: 'EMPTY', members: 0, lag: 40 },
    { groupId: 'reports', state: 'STABLE', members: 1, lag: 2 },
    { groupId: 'mail', state: 'STABLE', members: 1, lag: 0 },
  ],
  totalElements: 4,
  totalPages: 1,
  hasNext: false,
};

/** The Kafka operations the cards call, answering `answers` by path, or 503 with `failure` for all. */
function stubKafka(failure?: object) {
  return stubBrokerCalls(({ url }) => {
    if (failure) return Response.json(failure, { status: 503 });
    const answers: Record<string, object> = { '/api/app/cluster-info/v2': cluster, '/api/app/kafka-topics/v2': largestTopics, '/api/app/consumer-groups/v2': groupsByLag };
    const answer = answers[url.pathname];
    return answer ? Response.json(answer) : undefined;
  });
}

const cards = () => (
  <>
    <KafkaBrokersCard />
    <KafkaTopicsCard />
    <KafkaConsumerGroupsCard />
  </>
);

describe('home Kafka cards (spec section 2: Kafka brokers, topics, consumer groups)', () => {
  setUpSignedInPageTests();

  it('shows the brokers with address, size and the controller marked', async () => {
    stubKafka();
    renderPage(cards());
    const rows = await screen.findAllByTestId('home-kafka-broker');
    expect(rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent))).toEqual([
      ['1', 'kafka-1:9092 ', '2 KB'],
      ['2', 'kafka-2:9092 Controller', '3 MB'],
    ]);
    expect(within(rows[1] as HTMLElement).getByTestId('home-kafka-controller')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByTestId('home-kafka-controller')).toBeNull();
  });

  it('counts the topics and names the largest, asking for them by size; the title opens the topics page', async () => {
    const calls = stubKafka();
    renderPage(cards());
    expect((await screen.findByTestId('home-kafka-topic-count')).textContent).toBe('14Topics');
    expect(screen.getAllByTestId('home-kafka-topic').map((row) => row.textContent)).toEqual(['orders4 MB', 'audit1.5 KB']);
    const request = calls.find((call) => call.url.pathname === '/api/app/kafka-topics/v2')?.url.searchParams;
    expect(Object.fromEntries(request ?? [])).toEqual({ pageSize: '3', page: '0', sortProperty: 'size', sortOrder: 'DESC' });
    const card = screen.getByRole('region', { name: 'Kafka topics' });
    expect(within(card).getByRole('link', { name: 'Kafka topics' }).getAttribute('href')).toBe('/kafka/topics');
    expect(within(card).getByRole('link', { name: 'Open the documentation in a new tab' }).getAttribute('href')).toBe(`${window.location.origin}/docs/en/kafka`);
  });

  it('counts the consumer groups and adds up their lag, naming the groups most behind', async () => {
    stubKafka();
    renderPage(cards());
    expect((await screen.findByTestId('home-kafka-group-count')).textContent).toBe('4Groups');
    expect(screen.getByTestId('home-kafka-total-lag').textContent).toBe('1.5KTotal lag');
    expect(screen.getByTestId('home-kafka-total-lag').getAttribute('href')).toBe('/kafka/consumer-groups');
    expect(screen.getAllByTestId('home-kafka-group').map((row) => row.textContent)).toEqual(['billing1,500', 'archive40', 'reports2']);
    const card = screen.getByRole('region', { name: 'Kafka consumer groups' });
    expect(within(card).getByRole('link', { name: 'Kafka consumer groups' }).getAttribute('href')).toBe('/kafka/consumer-groups');
  });

  it('says in each card that Kafka is not configured, naming the setting', async () => {
    stubKafka({ status: 503, errorCode: 40, message: 'Kafka is not configured', timestamp: 0 });
    renderPage(cards());
    await waitFor(() => expect(screen.getAllByTestId('kafka-not-configured')).toHaveLength(3));
    const notes = screen.getAllByTestId('kafka-not-configured');
    for (const note of notes) expect(note.textContent).toBe('Kafka is not configured: set STARLING_KAFKA_BOOTSTRAP to use it.');
  });

  it('says in each card that Kafka cannot be reached, and why', async () => {
    stubKafka({ status: 503, errorCode: 41, message: 'Kafka is unavailable at STARLING_KAFKA_BOOTSTRAP: connect ECONNREFUSED 10.0.0.5:9092', timestamp: 0 });
    renderPage(cards());
    await waitFor(() => expect(screen.getAllByTestId('kafka-unreachable')).toHaveLength(3));
    const notes = screen.getAllByTestId('kafka-unreachable');
    expect(notes[0]?.textContent).toBe('Kafka cannot be reached: Kafka is unavailable at STARLING_KAFKA_BOOTSTRAP: connect ECONNREFUSED 10.0.0.5:9092');
  });

  it('shows TBMQ 2.3’s recorded answers: its broker by host without a controller mark, its topics and groups', async () => {
    const recorded: Record<string, string> = {
      '/api/app/cluster-info/v2': 'app/getKafkaClusterInfo--tbmq-v2.json',
      '/api/app/kafka-topics/v2': 'app/getKafkaTopics--tbmq-v2.json',
      '/api/app/consumer-groups/v2': 'app/getKafkaConsumerGroups--tbmq-v2.json',
    };
    stubBrokerCalls(({ url }) => (recorded[url.pathname] ? recordedTbmqAnswer(recorded[url.pathname] as string) : undefined));
    renderPage(cards());
    const [broker] = await screen.findAllByTestId('home-kafka-broker');
    expect(Array.from((broker as HTMLElement).querySelectorAll('td'), (cell) => cell.textContent)).toEqual(['1', '127.0.0.1 ', '472.2 KB']);
    expect(screen.queryByTestId('home-kafka-controller')).toBeNull();
    expect((await screen.findByTestId('home-kafka-topic-count')).textContent).toMatch(/^\d+Topics$/);
    expect((await screen.findByTestId('home-kafka-group-count')).textContent).toMatch(/^\d+Groups$/);
  });
});
