import { expect, test } from '@playwright/test';
import type { IDisconnectPacket, MqttClient } from 'mqtt';
import { openConsoleAs } from '../support/accounts.js';
import { compatApiToken, connectThroughConsole, createCompatAccount, deleteCompatAccount, type CompatMqttAccount } from '../support/compat-clients.js';
import { compatSettings } from '../support/compat-settings.js';

/**
 * Writing journeys on the broker's MQTT side (collected only against a live broker, when asked for;
 * see write.spec.ts): sessions and retained messages made by real clients, then changed and removed
 * through the console.
 */

const stamp = Date.now();
let token = '';
let account: CompatMqttAccount | undefined;
const clients: MqttClient[] = [];

test.beforeAll(async () => {
  token = await compatApiToken();
  account = await createCompatAccount(token, `compat-mqtt-${stamp}`);
});

test.afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  if (account) await deleteCompatAccount(token, account);
});

async function connect(clientId: string, options: Parameters<typeof connectThroughConsole>[2] = {}): Promise<MqttClient> {
  if (!account) throw new Error('no MQTT credentials for the journey');
  const client = await connectThroughConsole(clientId, account, options);
  clients.push(client);
  return client;
}

test('a session is found, its subscriptions edited, and it is disconnected and removed', async ({ page }) => {
  const clientId = `compat-session-${stamp}`;
  const client = await connect(clientId, { clean: false, properties: { sessionExpiryInterval: 3600 } });
  await client.subscribeAsync(`compat/${stamp}/first/#`, { qos: 1 });
  const disconnected = new Promise<IDisconnectPacket>((resolve) => client.once('disconnect', resolve));

  await openConsoleAs(page, compatSettings);
  await page.goto('/sessions');
  await page.getByLabel('Search sessions by client ID').fill(clientId);
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Connected');
  await rows.first().getByRole('button', { name: clientId, exact: true }).click();
  const details = page.locator('.session-details');
  await expect(details.getByTestId('session-details-client-id')).toHaveText(clientId);

  // Subscriptions: the client's own filter is listed; one added in the console reaches the broker.
  await details.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(details.getByTestId('subscription-row')).toContainText(`compat/${stamp}/first/#`);
  await details.getByTestId('add-subscription').click();
  const dialog = page.getByRole('form', { name: 'Add subscription' });
  await dialog.getByLabel(/^Topic filter/).fill(`compat/${stamp}/second`);
  await dialog.getByTestId('subscription-dialog-done').click();
  await details.getByTestId('save-subscriptions').click();
  await expect(details.getByTestId('subscription-row')).toHaveCount(2);
  // The broker now delivers the added filter's messages to the client.
  const delivered = new Promise<string>((resolve) => client.on('message', (topic) => resolve(topic)));
  const publisher = await connect(`compat-publisher-${stamp}`);
  await publisher.publishAsync(`compat/${stamp}/second`, 'to the added filter', { qos: 1 });
  expect(await delivered).toBe(`compat/${stamp}/second`);

  // Disconnect: the client hears it, and the session stays, offline.
  await details.getByTestId('session-details-disconnect').click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByTestId('confirm-dialog-ok').click();
  await disconnected.catch(() => undefined);
  await expect(details.getByTestId('session-details-remove')).toBeVisible();

  // Remove: the session is gone from the broker.
  await details.getByTestId('session-details-remove').click();
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(details).toBeHidden();
  await expect(page.getByText('No sessions found')).toBeVisible();
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test('a retained message is listed, read and deleted', async ({ page }) => {
  const topic = `compat/${stamp}/retained/state`;
  const publisher = await connect(`compat-retainer-${stamp}`);
  await publisher.publishAsync(topic, 'kept by the broker', { qos: 1, retain: true });

  await openConsoleAs(page, compatSettings);
  await page.goto('/retained-messages');
  await page.getByLabel('Search by topic text').fill(`compat/${stamp}`);
  const rows = page.getByTestId('retained-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: topic, exact: true }).click();
  const drawer = page.locator('.retained-details');
  await expect(drawer.getByTestId('retained-details-topic')).toHaveText(topic);
  await expect(drawer.getByTestId('payload-text')).toHaveText('kept by the broker');
  await drawer.getByTestId('retained-details-delete').click();
  await page.getByRole('alertdialog').getByTestId('confirm-dialog-ok').click();
  await expect(rows).toHaveCount(0);
  await expect(page.locator('.toast--error')).toHaveCount(0);
});
