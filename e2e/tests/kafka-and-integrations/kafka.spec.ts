import { Admin, Consumer, MessagesStreamModes, Producer, stringDeserializers, stringSerializers, type MessagesStream } from '@platformatic/kafka';
import { expect, type Page, test } from '@playwright/test';
import { OPERATOR, openConsoleAs, signIn } from '../../support/accounts.js';
import { e2eKafka } from '../../support/broker-settings.js';
import { type ExtraBroker, freeLoopbackPort, startExtraBroker } from '../../support/extra-broker.js';

// The Kafka pages against the real Kafka the run starts beside the broker: topics and groups made
// with Kafka's own client, the pages compared with what Kafka's admin API reports.
const RUN = Date.now().toString(36);
const bootstrapBrokers = [e2eKafka.bootstrap];
const ORDERS = `e2e-orders-${RUN}`;
const AUDIT = `e2e-audit-${RUN}`;
const IDLE_GROUP = `e2e-idle-${RUN}`;
const ACTIVE_GROUP = `e2e-active-${RUN}`;
/** How the console names Kafka's group states. */
const STATE_LABELS: Record<string, string> = { STABLE: 'Stable', EMPTY: 'Empty' };

const admin = new Admin({ clientId: 'e2e-kafka-admin', bootstrapBrokers });
const producer = new Producer({ clientId: 'e2e-kafka-producer', bootstrapBrokers, serializers: stringSerializers });
const consumer = new Consumer({ clientId: 'e2e-kafka-consumer', groupId: ACTIVE_GROUP, bootstrapBrokers, deserializers: stringDeserializers });
let stream: MessagesStream<string, string, string, string> | undefined;

test.beforeAll(async () => {
  await admin.createTopics({ topics: [ORDERS], partitions: 4, replicas: 1 });
  await admin.createTopics({ topics: [AUDIT], partitions: 1, replicas: 1 });
  await producer.send({ messages: ['o-1', 'o-2', 'o-3', 'o-4', 'o-5'].map((value) => ({ topic: ORDERS, partition: 0, key: value, value })) });
  await producer.send({ messages: ['o-6', 'o-7'].map((value) => ({ topic: ORDERS, partition: 1, key: value, value })) });
  // A group without members that committed 2 of partition 0's 5 records, one that committed 1 and has
  // a member that reads without committing.
  await admin.alterConsumerGroupOffsets({ groupId: IDLE_GROUP, topics: [{ name: ORDERS, partitionOffsets: [{ partition: 0, offset: 2n }] }] });
  await admin.alterConsumerGroupOffsets({ groupId: ACTIVE_GROUP, topics: [{ name: ORDERS, partitionOffsets: [{ partition: 0, offset: 1n }] }] });
  stream = await consumer.consume({ topics: [ORDERS], mode: MessagesStreamModes.COMMITTED, autocommit: false });
  await expect
    .poll(async () => {
      const group = (await admin.describeGroups({ groups: [ACTIVE_GROUP] })).get(ACTIVE_GROUP);
      return `${group?.state} ${group?.members.size}`;
    })
    .toBe('STABLE 1');
});

test.afterAll(async () => {
  await stream?.close();
  await Promise.all([consumer.close(true), producer.close()]);
  await admin.deleteGroups({ groups: [IDLE_GROUP, ACTIVE_GROUP] }).catch(() => undefined);
  await admin.deleteTopics({ topics: [ORDERS, AUDIT] }).catch(() => undefined);
  await admin.close();
});

/** Each group's lag as Kafka's admin API gives it: the log end minus the committed offset, over the partitions committed. */
async function lagOf(groupId: string): Promise<number> {
  const [committed] = await admin.listConsumerGroupOffsets({ groups: [groupId] });
  const partitions = committed?.topics.flatMap((topic) => topic.partitions.map((partition) => ({ topic: topic.name, ...partition }))) ?? [];
  const ends = await admin.listOffsets({ topics: [{ name: ORDERS, partitions: partitions.map(({ partitionIndex }) => ({ partitionIndex, timestamp: -1n })) }] });
  const end = (partitionIndex: number) => ends[0]?.partitions.find((partition) => partition.partitionIndex === partitionIndex)?.offset ?? 0n;
  return partitions.reduce((sum, partition) => sum + Number(end(partition.partitionIndex) - partition.committedOffset), 0);
}

const cellsOf = (page: Page, testId: string) => page.getByTestId(testId).evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')));

test('the topics page shows the topics Kafka holds, searched and sorted', async ({ page }) => {
  const metadata = await admin.metadata({ topics: [ORDERS, AUDIT], forceUpdate: true });
  const layout = (name: string) => {
    const topic = metadata.topics.get(name);
    return [name, String(topic?.partitionsCount), String(Math.max(...(topic?.partitions ?? []).map((partition) => partition.replicas.length)))];
  };

  await openConsoleAs(page, OPERATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Kafka', { exact: true }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Topics', { exact: true }).click();
  await expect(page).toHaveURL(/\/kafka\/topics$/);

  await page.getByLabel('Search topics by name').fill(RUN);
  await expect(page.getByTestId('kafka-topic-row')).toHaveCount(2);
  const rows = await cellsOf(page, 'kafka-topic-row');
  expect(rows.map((row) => row.slice(0, 3))).toEqual([layout(AUDIT), layout(ORDERS)]);
  expect(rows.map((row) => row.slice(0, 3))).toEqual([
    [AUDIT, '1', '1'],
    [ORDERS, '4', '1'],
  ]);
  // Seven records on disk for the orders topic; none for the audit topic.
  expect(rows[0]?.[3]).toBe('0 bytes');
  expect(rows[1]?.[3]).toMatch(/^\d+(\.\d)? (bytes|KB)$/);
  expect(rows[1]?.[3]).not.toBe('0 bytes');

  // Sort by partitions: ascending, then descending.
  await page.getByTestId('sort-by-partitions').click();
  await expect(page.getByTestId('kafka-topic-row').first()).toContainText(AUDIT);
  await page.getByTestId('sort-by-partitions').click();
  await expect(page.getByTestId('kafka-topic-row').first()).toContainText(ORDERS);
  await expect(page.getByRole('columnheader', { name: 'Partitions' })).toHaveAttribute('aria-sort', 'descending');

  await page.getByLabel('Search topics by name').fill(`no-such-topic-${RUN}`);
  await expect(page.getByText('No topics found')).toBeVisible();
});

test('the consumer groups page shows state, members and lag as Kafka reports them, and deletes an empty group', async ({ page }) => {
  const described = await admin.describeGroups({ groups: [ACTIVE_GROUP, IDLE_GROUP] });
  const expected = async (groupId: string) => {
    const group = described.get(groupId);
    return [groupId, STATE_LABELS[group?.state ?? ''] ?? '', String(group?.members.size), String(await lagOf(groupId)), ''];
  };

  await openConsoleAs(page, OPERATOR);
  await page.goto('/kafka/consumer-groups');
  await page.getByLabel('Search consumer groups by ID').fill(RUN);
  await expect(page.getByTestId('kafka-group-row')).toHaveCount(2);
  expect(await cellsOf(page, 'kafka-group-row')).toEqual([await expected(ACTIVE_GROUP), await expected(IDLE_GROUP)]);
  // What the numbers are: 5 records on partition 0, offsets 1 and 2 committed.
  expect(await cellsOf(page, 'kafka-group-row')).toEqual([
    [ACTIVE_GROUP, 'Stable', '1', '4', ''],
    [IDLE_GROUP, 'Empty', '0', '3', ''],
  ]);

  // Sorted by lag, most behind first.
  await page.getByTestId('sort-by-lag').click();
  await page.getByTestId('sort-by-lag').click();
  await expect(page.getByTestId('kafka-group-row').first()).toContainText(ACTIVE_GROUP);

  // A group with a member cannot be deleted; the empty one can, after a confirmation naming it.
  const activeRow = page.getByTestId('kafka-group-row').filter({ hasText: ACTIVE_GROUP });
  await expect(activeRow.getByRole('button', { name: `Delete consumer group ${ACTIVE_GROUP}` })).toBeDisabled();
  await page.getByTestId('kafka-group-row').filter({ hasText: IDLE_GROUP }).getByRole('button', { name: `Delete consumer group ${IDLE_GROUP}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete the consumer group “${IDLE_GROUP}”?`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByText(`Consumer group “${IDLE_GROUP}” deleted.`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('kafka-group-row')).toHaveCount(1);

  expect((await admin.listGroups()).has(IDLE_GROUP)).toBe(false);
  expect((await admin.listGroups()).has(ACTIVE_GROUP)).toBe(true);
});

test('the home page shows the Kafka broker, the topics and the consumer groups', async ({ page }) => {
  test.setTimeout(90_000);
  await openConsoleAs(page, OPERATOR);
  const brokers = page.getByRole('region', { name: 'Kafka brokers' });
  await expect(brokers.getByTestId('home-kafka-broker')).toHaveCount(1);
  await expect(brokers.getByTestId('home-kafka-broker')).toContainText(e2eKafka.bootstrap);
  await expect(brokers.getByTestId('home-kafka-controller')).toHaveText('Controller');

  // Other spec files make and delete topics and groups in the same Kafka while this one runs: the
  // counts are compared with Kafka's own taken just before the page is loaded again.
  const topics = page.getByRole('region', { name: 'Kafka topics' });
  const groups = page.getByRole('region', { name: 'Kafka consumer groups' });
  await expect(async () => {
    const topicCount = (await admin.listTopics({ includeInternals: false })).length;
    const groupCount = (await admin.listGroups()).size;
    await page.reload();
    await expect(topics.getByTestId('home-kafka-topic-count')).toHaveText(`${topicCount}Topics`, { timeout: 5000 });
    await expect(groups.getByTestId('home-kafka-group-count')).toHaveText(`${groupCount}Groups`, { timeout: 5000 });
  }).toPass({ timeout: 45_000 });
  await expect(topics.getByTestId('home-kafka-topic').first()).toBeVisible();

  // The title opens the topics page; the help icon, the Kafka documentation.
  const [docs] = await Promise.all([page.waitForEvent('popup'), topics.getByRole('link', { name: 'Open the documentation in a new tab' }).click()]);
  await expect(docs).toHaveURL(/\/docs\/en\/kafka$/);
  await expect(docs.getByRole('heading', { level: 1 })).toHaveText('Kafka');
  await docs.close();
  await topics.getByRole('link', { name: 'Kafka topics' }).click();
  await expect(page).toHaveURL(/\/kafka\/topics$/);
});

test.describe('without Kafka', () => {
  // Each starts a broker of its own and signs in there first.
  test.describe.configure({ timeout: 60_000 });
  let brokers: ExtraBroker[] = [];
  test.afterEach(async () => {
    await Promise.all(brokers.map((broker) => broker.stop()));
    brokers = [];
  });

  /** Signs in to another broker's console and waits for its home page. */
  async function openConsoleOf(page: Page, broker: ExtraBroker): Promise<void> {
    await page.goto(`${broker.baseUrl}/login`);
    await signIn(page, broker.admin);
    await expect(page).toHaveURL(/\/home$/);
  }

  test('a broker without STARLING_KAFKA_BOOTSTRAP explains on each Kafka page and card what to set', async ({ page }) => {
    const broker = await startExtraBroker();
    brokers.push(broker);
    await openConsoleOf(page, broker);

    for (const card of ['Kafka brokers', 'Kafka topics', 'Kafka consumer groups']) {
      await expect(page.getByRole('region', { name: card }).getByTestId('kafka-not-configured')).toHaveText('Kafka is not configured: set STARLING_KAFKA_BOOTSTRAP to use it.');
    }
    for (const path of ['/kafka/topics', '/kafka/consumer-groups']) {
      await page.goto(`${broker.baseUrl}${path}`);
      await expect(page.getByRole('heading', { name: 'Kafka is not configured' })).toBeVisible();
      await expect(page.getByTestId('kafka-not-configured')).toContainText('application shared subscriptions');
      await expect(page.getByTestId('kafka-not-configured')).toContainText('Set STARLING_KAFKA_BOOTSTRAP to the host:port list');
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });

  test('a broker whose Kafka cannot be reached says so with the reason, instead of loading for ever', async ({ page }) => {
    const closedPort = await freeLoopbackPort();
    const broker = await startExtraBroker({ STARLING_KAFKA_BOOTSTRAP: `127.0.0.1:${closedPort}` });
    brokers.push(broker);
    await openConsoleOf(page, broker);

    await page.goto(`${broker.baseUrl}/kafka/topics`);
    // The broker gives up on Kafka within about 8 seconds.
    await expect(page.getByRole('heading', { name: 'Kafka cannot be reached' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('kafka-unreachable')).toContainText(`127.0.0.1:${closedPort}`);
    await expect(page.getByLabel('Loading…')).toHaveCount(0);
  });
});
