import { expect, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { connectMqttClient } from '../../support/mqtt-client.js';

let clients: MqttClient[] = [];
test.afterEach(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  clients = [];
});

test('an administrator finds a client’s subscriptions across all sessions, filters them and opens the session', async ({ page }) => {
  const clientId = `e2e-subscriber-${Date.now()}`;
  const client = await connectMqttClient(clientId, { protocolVersion: 5 });
  clients.push(client);
  await client.subscribeAsync('e2e/subscriptions/plain', { qos: 0 });
  await client.subscribeAsync('e2e/subscriptions/#', { qos: 2, nl: true, rh: 2, properties: { subscriptionIdentifier: 9 } });

  await openConsoleAs(page, OPERATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Subscriptions', { exact: true }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);

  await page.getByLabel('Search subscriptions by client ID').fill(clientId);
  const rows = page.getByTestId('subscription-row');
  await expect(rows).toHaveCount(2);

  // Filter: QoS 2 with No Local leaves the one subscription, shown with its options and identifier.
  await page.getByTestId('subscription-filter-toggle').click();
  const panel = page.getByRole('form', { name: 'Filter' });
  await panel.getByText('2 – Exactly once').click();
  await panel.getByLabel('Subscription identifier').fill('9');
  await page.getByTestId('subscription-filter-apply').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('e2e/subscriptions/#');
  await expect(rows.first().locator('td')).toHaveText([clientId, 'e2e/subscriptions/#', '2', 'Yes', 'No', '2', '9']);

  // The client links to its session's details.
  await rows.first().getByRole('link', { name: clientId }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions\\?session=${clientId}`));
  await expect(page.getByTestId('session-details-client-id')).toHaveText(clientId);
});

test('the subscriptions page fits a 500 px wide screen: the table scrolls sideways, the toolbar wraps', async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 800 });
  const clientId = `e2e-narrow-${Date.now()}`;
  const client = await connectMqttClient(clientId, { protocolVersion: 5 });
  clients.push(client);
  await client.subscribeAsync('e2e/narrow/a/rather/long/topic/filter/#', { qos: 1 });

  await openConsoleAs(page, OPERATOR);
  await page.goto('/subscriptions');
  await page.getByLabel('Search subscriptions by client ID').fill(clientId);
  await expect(page.getByTestId('subscription-row')).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
