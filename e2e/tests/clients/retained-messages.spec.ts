import { expect, type Page, test } from '@playwright/test';
import type { IClientPublishOptions, MqttClient } from 'mqtt';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { connectMqttClient } from '../../support/mqtt-client.js';

// Each run retains its messages under a topic of its own: the broker is shared by every spec file.
const ROOT = `e2e-retained-${Date.now()}`;

let clients: MqttClient[] = [];
test.afterEach(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  clients = [];
});

async function retain(messages: [topic: string, payload: string | Buffer, options?: IClientPublishOptions][]): Promise<void> {
  const publisher = await connectMqttClient(`e2e-retained-publisher-${Date.now()}`);
  clients.push(publisher);
  for (const [topic, payload, options] of messages) await publisher.publishAsync(topic, payload, { qos: 1, ...options, retain: true });
}

/** Checks that a brand-new subscriber to the filter receives the retained messages of these topics, and no others. */
async function expectDelivered(topicFilter: string, topics: string[]): Promise<void> {
  const subscriber = await connectMqttClient(`e2e-retained-subscriber-${Date.now()}`);
  clients.push(subscriber);
  const received: string[] = [];
  subscriber.on('message', (topic, _payload, packet) => packet.retain && received.push(topic));
  await subscriber.subscribeAsync(topicFilter, { qos: 1 });
  await expect.poll(() => [...received].sort()).toEqual([...topics].sort());
  // An UNSUBSCRIBE round trip: what else the broker sent for the subscription has come by its answer.
  await subscriber.unsubscribeAsync(topicFilter);
  expect([...received].sort()).toEqual([...topics].sort());
}

async function openRetainedMessages(page: Page): Promise<void> {
  await openConsoleAs(page, OPERATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Retained messages', { exact: true }).click();
  await expect(page).toHaveURL(/\/retained-messages$/);
}

test('an administrator finds retained messages, reads them as JSON, text and bytes, and deletes them', async ({ page }) => {
  const json = `${ROOT}/plant/temperature`;
  const text = `${ROOT}/plant/status`;
  const binary = `${ROOT}/camera/frame`;
  await retain([
    [json, '{"value":21.5,"sensor":{"id":"T-17"}}', { properties: { contentType: 'application/json', payloadFormatIndicator: true, userProperties: { site: 'north' } } }],
    [text, 'running since 06:00', { qos: 0 }],
    [binary, Buffer.from([0x00, 0x01, 0xfe, 0xff]), { qos: 2 }],
  ]);
  await openRetainedMessages(page);

  // Find: a topic filter with + narrows the list to the plant's two messages, and shows in the URL.
  await page.getByTestId('retained-topic-filter').fill(`${ROOT}/+/temperature`);
  const rows = page.getByTestId('retained-row');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/topicFilter=/);
  await page.getByTestId('retained-topic-filter').fill(`${ROOT}/#`);
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: binary })).toContainText('00 01 fe ff');
  await page.getByLabel('Search by topic text').fill('plant/');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Search by topic text').fill('');
  await expect(rows).toHaveCount(3);

  // View: JSON, pretty-printed and foldable, with its MQTT 5 properties.
  await rows.filter({ hasText: json }).getByRole('button', { name: json, exact: true }).click();
  const drawer = page.locator('.retained-details');
  await expect(drawer.getByTestId('retained-details-topic')).toHaveText(json);
  await expect(drawer.getByRole('radio', { name: 'JSON' })).toBeChecked();
  await expect(drawer.getByTestId('payload-json')).toContainText('"sensor": {');
  await drawer.getByTestId('payload-json').getByRole('button', { name: 'Fold' }).nth(1).click();
  await expect(drawer.getByTestId('payload-json')).toContainText('"sensor": {1 key}');
  await expect(drawer.getByRole('row', { name: /Content type/ })).toContainText('application/json');
  await expect(drawer.getByTestId('retained-user-properties')).toContainText('north');
  await page.keyboard.press('Escape');

  // View: text, then bytes shown as hex and base64, and switched to text on request.
  await rows.filter({ hasText: text }).getByRole('button', { name: text, exact: true }).click();
  await expect(drawer.getByRole('radio', { name: 'Text' })).toBeChecked();
  await expect(drawer.getByTestId('payload-text')).toHaveText('running since 06:00');
  await page.keyboard.press('Escape');
  await rows.filter({ hasText: binary }).getByRole('button', { name: binary, exact: true }).click();
  await expect(drawer.getByRole('radio', { name: 'Binary' })).toBeChecked();
  await expect(drawer.getByTestId('payload-hex')).toContainText('00000000  00 01 fe ff');
  await expect(drawer.getByTestId('payload-base64')).toHaveText('AAH+/w==');
  await drawer.getByRole('radio', { name: 'Text' }).click();
  await expect(drawer.getByTestId('payload-text')).toBeVisible();

  // Delete one from its drawer: gone from the list, and a new subscriber no longer receives it.
  await drawer.getByTestId('retained-details-delete').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete the retained message of “${binary}”?`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(drawer).toBeHidden();
  await expect(rows).toHaveCount(2);
  await expectDelivered(`${ROOT}/#`, [text, json].sort());

  // Delete the ticked ones, after confirming their count.
  await page.getByLabel(`Select ${json}`).check({ force: true });
  await page.getByLabel(`Select ${text}`).check({ force: true });
  await page.getByTestId('retained-delete-selected').click();
  await expect(confirm).toContainText('Delete 2 retained messages?');
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByText('No retained messages found')).toBeVisible();
  await expectDelivered(`${ROOT}/#`, []);
});

test('everything a filter matches is deleted after confirming the count', async ({ page }) => {
  const prefix = `${ROOT}/bulk`;
  await retain([
    [`${prefix}/a`, 'stale', { qos: 0 }],
    [`${prefix}/b`, 'stale', { qos: 0 }],
    [`${prefix}/c`, 'fresh', { qos: 1 }],
  ]);
  await openRetainedMessages(page);
  // A shared link opens the list filtered.
  await page.goto(`/retained-messages?topicFilter=${encodeURIComponent(`${prefix}/+`)}&qosList=0`);
  await expect(page.getByTestId('retained-row')).toHaveCount(2);
  await expect(page.getByTestId('retained-filter-toggle')).toContainText('1');
  await page.getByTestId('retained-delete-matching').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete all 2 retained messages matching the filter?');
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByText('No retained messages found')).toBeVisible();
  await expectDelivered(`${prefix}/#`, [`${prefix}/c`]);
});

test('the retained tree sums up branches, expands lazily and deletes a whole branch', async ({ page }) => {
  const root = `${ROOT}-tree`;
  const branch = `${root}/site`;
  await retain([
    [`${branch}/line-1/temperature`, '21'],
    [`${branch}/line-1/humidity`, '40'],
    [`${branch}/line-2/temperature`, '19'],
    [`${root}/elsewhere`, 'kept'],
  ]);
  await openRetainedMessages(page);
  await page.getByRole('tab', { name: 'Topic tree' }).click();
  await expect(page).toHaveURL(/view=tree/);

  const tree = page.getByRole('tree');
  const top = tree.getByRole('treeitem', { name: root, exact: true });
  await expect(top.getByTestId('retained-branch-count').first()).toHaveText('4 messages');
  await top.getByRole('button', { name: `Expand ${root}` }).click();
  const site = tree.getByRole('treeitem', { name: branch, exact: true });
  await expect(site.getByTestId('retained-branch-count').first()).toHaveText('3 messages');
  await site.getByRole('button', { name: `Expand ${branch}` }).click();
  await expect(tree.getByRole('treeitem', { name: `${branch}/line-1`, exact: true }).getByTestId('retained-branch-count').first()).toHaveText('2 messages');

  // The branch's messages in the list, through its topic filter.
  await site.getByRole('button', { name: `List the messages of ${branch}` }).first().click();
  await expect(page).toHaveURL(/topicFilter=/);
  await expect(page.getByTestId('retained-row')).toHaveCount(3);
  await page.goBack();

  // Delete the whole branch after confirming its count: the tree and new subscribers follow.
  await top.getByRole('button', { name: `Expand ${root}` }).click();
  await tree.getByRole('treeitem', { name: branch, exact: true }).getByRole('button', { name: `Delete the branch ${branch}` }).first().click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete the branch “${branch}” with its 3 retained messages?`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(tree.getByRole('treeitem', { name: branch, exact: true })).toHaveCount(0);
  await expect(top.getByTestId('retained-branch-count').first()).toHaveText('1 message');
  await expectDelivered(`${root}/#`, [`${root}/elsewhere`]);
});
