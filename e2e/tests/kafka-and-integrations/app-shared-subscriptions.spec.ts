import { Admin, Consumer } from '@platformatic/kafka';
import { expect, type Page, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, createMqttCredentials, signInToApi } from '../../support/api.js';
import { e2eKafka } from '../../support/broker-settings.js';
import { connectMqttClient } from '../../support/mqtt-client.js';

// Each run has topics of its own: the broker and its Kafka are shared by every spec file.
const RUN = `e2e-app-shared-${Date.now()}`;
const NAME = `Orders ${RUN}`;
const TOPIC_FILTER = `${RUN}/+/orders`;
const APPLICATION = { name: `App shared ${RUN}`, username: `app-shared-${RUN}`, password: 'App-shared-e2e-pass', clientType: 'APPLICATION' as const };

let admin: Admin;
/** Reads the topic's end offsets only: it joins no group. */
let reader: Consumer;
let token: string;
let credentialsId: string | undefined;
const clients: MqttClient[] = [];

test.beforeAll(async () => {
  admin = new Admin({ clientId: 'e2e-app-shared-subscriptions', bootstrapBrokers: [e2eKafka.bootstrap] });
  reader = new Consumer({ clientId: 'e2e-app-shared-subscriptions-reader', groupId: `${RUN}-reader`, bootstrapBrokers: [e2eKafka.bootstrap] });
  token = await signInToApi(OPERATOR.username, OPERATOR.password);
});

test.afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  // Leaves no subscription, topic or credentials behind for the other journeys, whatever failed.
  const left = await callApi<{ data: { id: string }[] }>('GET', `/api/app/shared/subs?pageSize=10&page=0&textSearch=${encodeURIComponent(RUN)}`, undefined, token);
  for (const subscription of left.data) await callApi('DELETE', `/api/app/shared/subs/${subscription.id}`, undefined, token).catch(() => undefined);
  if (credentialsId) await callApi('DELETE', `/api/mqtt/client/credentials/${credentialsId}`, undefined, token);
  await admin.close();
  await reader.close(true);
});

/** How many records the Kafka topic holds, over all its partitions. */
async function recordsIn(topic: string): Promise<bigint> {
  const offsets = await reader.listOffsets({ topics: [topic] });
  return (offsets.get(topic) ?? []).reduce((sum, offset) => sum + offset, 0n);
}

async function openApplicationSubscriptions(page: Page): Promise<void> {
  await openConsoleAs(page, OPERATOR);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Shared subscriptions', { exact: true }).click();
  await menu.getByText('Applications', { exact: true }).click();
  await expect(page).toHaveURL(/\/shared-subscriptions\/applications$/);
}

/**
 * Publishes to a matching topic once a second until the member has a message (its consumer group
 * may take a while to form on a busy machine), or gives up after 45 s.
 */
async function firstMessageTo(member: MqttClient, publisher: MqttClient, topic: string): Promise<{ topic: string; payload: string; published: number }> {
  const received = new Promise<{ topic: string; payload: string }>((resolve) => member.once('message', (from, payload) => resolve({ topic: from, payload: payload.toString() })));
  const deadline = Date.now() + 45_000;
  for (let attempt = 0; Date.now() < deadline; attempt += 1) {
    await publisher.publishAsync(topic, `order ${attempt}`, { qos: 1 });
    const message = await Promise.race([received, new Promise<undefined>((resolve) => setTimeout(resolve, 1000))]);
    if (message) return { ...message, published: attempt + 1 };
  }
  throw new Error(`no message reached the shared subscription member on ${topic}`);
}

test('an administrator adds an application shared subscription, whose Kafka topic carries messages to an application client, and deletes it with its topic', async ({ page }) => {
  test.setTimeout(120_000);
  await openApplicationSubscriptions(page);

  // Add: the topic filter is checked in the dialog before anything is sent.
  await page.getByTestId('add-app-shared-subscription').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(NAME);
  await dialog.getByLabel('Topic filter').fill(`$share/g/${TOPIC_FILTER}`);
  await dialog.getByTestId('app-shared-subscription-save').click();
  await expect(dialog.getByText('Leave out $share/…/')).toBeVisible();
  await dialog.getByLabel('Topic filter').fill(TOPIC_FILTER);
  await dialog.getByLabel('Partitions').fill('3');
  await dialog.getByTestId('app-shared-subscription-save').click();
  await expect(page.getByRole('status').filter({ hasText: `Application shared subscription ${NAME} added` })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Listed, with the Kafka topic the broker made for it: Kafka itself has it, with three partitions.
  await page.getByLabel('Search by name or topic filter').fill(RUN);
  const row = page.getByTestId('app-shared-subscription-row').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(TOPIC_FILTER);
  const kafkaTopic = (await row.locator('td').nth(4).textContent())?.trim() ?? '';
  expect(kafkaTopic).not.toBe('');
  const metadata = await admin.metadata({ topics: [kafkaTopic], forceUpdate: true });
  expect(metadata.topics.get(kafkaTopic)?.partitionsCount).toBe(3);

  // The page tells the subscription topic an application client uses.
  await page.getByLabel('Group for copied topics').fill('billing');
  await expect(page.getByTestId('app-shared-subscription-example')).toHaveText(`$share/billing/${TOPIC_FILTER}`);

  // An APPLICATION client subscribed as member of a group receives what is published to a matching
  // topic, and the messages are in the subscription's Kafka topic.
  credentialsId = await createMqttCredentials(token, APPLICATION);
  const member = await connectMqttClient(`${RUN}-member`, { username: APPLICATION.username, password: APPLICATION.password });
  const publisher = await connectMqttClient(`${RUN}-publisher`, { username: APPLICATION.username, password: APPLICATION.password });
  clients.push(member, publisher);
  await member.subscribeAsync(`$share/billing/${TOPIC_FILTER}`, { qos: 1 });
  const message = await firstMessageTo(member, publisher, `${RUN}/shop-7/orders`);
  expect(message.topic).toBe(`${RUN}/shop-7/orders`);
  expect(message.payload).toMatch(/^order \d+$/);
  // The broker wrote each of them to the subscription's Kafka topic before acknowledging it.
  expect(await recordsIn(kafkaTopic)).toBe(BigInt(message.published));

  // Delete: the confirm names the Kafka topic that goes with it; then Kafka no longer has the topic.
  await row.getByRole('button', { name: `Delete ${NAME}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`The Kafka topic ${kafkaTopic} and every message it still holds are deleted.`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByRole('status').filter({ hasText: 'Application shared subscription deleted' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No application shared subscriptions found')).toBeVisible();
  await expect.poll(async () => (await admin.listTopics()).includes(kafkaTopic), { timeout: 15_000 }).toBe(false);
});
