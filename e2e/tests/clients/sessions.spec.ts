import { expect, test } from '@playwright/test';
import type { IDisconnectPacket, MqttClient } from 'mqtt';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { connectMqttClient } from '../../support/mqtt-client.js';

let clients: MqttClient[] = [];
test.afterEach(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  clients = [];
});

test('an administrator finds a connected client, inspects its session and disconnects it', async ({ page }) => {
  const clientId = `e2e-sensor-${Date.now()}`;
  // A persistent session, so that it stays, offline, once its client is disconnected.
  const client = await connectMqttClient(clientId, { clean: false, properties: { sessionExpiryInterval: 3600 } });
  clients.push(client);
  await client.subscribeAsync('e2e/sessions/#', { qos: 1 });
  const disconnected = new Promise<IDisconnectPacket>((resolve) => client.once('disconnect', resolve));

  await openConsoleAs(page, OPERATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Sessions', { exact: true }).click();
  await expect(page).toHaveURL(/\/sessions$/);

  // Find: the search narrows the list to the one client.
  await page.getByLabel('Search sessions by client ID').fill(clientId);
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Connected');
  await expect(page).toHaveURL(new RegExp(`clientId=${clientId}`));

  // Inspect: the details show the session and its subscription.
  await rows.first().getByRole('button', { name: clientId, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`session=${clientId}`));
  const details = page.locator('.session-details');
  await expect(details.getByTestId('session-details-client-id')).toHaveText(clientId);
  await expect(details.getByRole('row', { name: /MQTT version/ })).toContainText('5');
  await details.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(details.getByTestId('subscription-row')).toContainText('e2e/sessions/#');

  // Disconnect, after confirming: the client hears reason 152 (Administrative action).
  await details.getByTestId('session-details-disconnect').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Disconnect client “${clientId}”?`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  expect((await disconnected).reasonCode).toBe(152);
  // The session is offline now: the drawer offers to remove it instead.
  await expect(details.getByTestId('session-details-remove')).toBeVisible();
  await expect(details.getByText('Disconnected', { exact: true }).first()).toBeVisible();

  // The event history tells who ended the connection and why.
  await details.getByRole('tab', { name: 'Event history' }).click();
  await expect(details.getByTestId('session-event').first()).toContainText('152 Administrative action (by an administrator)');

  // Remove the offline session: the drawer closes and the search finds nothing any more.
  await details.getByTestId('session-details-remove').click();
  await expect(confirm).toContainText(`Remove the session of “${clientId}”?`);
  await confirm.getByTestId('confirm-dialog-ok').click();
  await expect(details).toBeHidden();
  await expect(page.getByText('No sessions found')).toBeVisible();
});

test('the home page’s connected counter opens the sessions list filtered to connected clients', async ({ page }) => {
  const clientId = `e2e-counted-${Date.now()}`;
  clients.push(await connectMqttClient(clientId));

  await openConsoleAs(page, OPERATOR);
  const connectedCounter = page.getByTestId('home-connectedCount');
  await expect(connectedCounter).toContainText('Connected');
  await connectedCounter.click();
  await expect(page).toHaveURL(/\/sessions\?connectedStatusList=CONNECTED$/);
  await expect(page.getByTestId('session-filter-toggle')).toContainText('1');
  await page.getByLabel('Search sessions by client ID').fill(clientId);
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await expect(page.getByTestId('session-row').first()).toContainText('Connected');
});
