import { createServer } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { type Account, OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, createMqttCredentials, createSettledUser, signInToApi } from '../../support/api.js';
import { connectMqttClient } from '../../support/mqtt-client.js';
import { watchPolicyViolations } from '../../support/policy-violations.js';

// The broker is shared by every spec file: names, topics and credentials are this run's own, and
// everything made here is deleted afterwards. The generated credentials of an AUTO connection close
// anonymous access (its AUTO mode), so the second MQTT client below has credentials of its own.
const RUN = Date.now();
const ROOT = `e2e-ws-${RUN}`;
const NAME_PREFIX = `E2E ws ${RUN}`;
const PUBLISHER = { name: `E2E ws-client publisher ${RUN}`, username: `e2e-ws-publisher-${RUN}`, password: 'Publisher-secret-1' };
const GERMAN: Account = { username: `ws-client-de-${RUN}@starling.local`, password: 'Deutsch-e2e-pass-1' };
/** The colour typed into the subscription's colour picker, and as the browser computes it. */
const COLOUR = { typed: '#e91e63', computed: 'rgb(233, 30, 99)' };

interface ListPage<T> {
  data: T[];
}

let clients: MqttClient[] = [];
let credentialsId: string | undefined;

test.beforeAll(async () => {
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  credentialsId = await createMqttCredentials(token, PUBLISHER);
});

test.afterEach(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  clients = [];
});

test.afterAll(async () => {
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  // Deleting a connection deletes the credentials the broker generated for it.
  const connections = await callApi<ListPage<{ id: string }>>('GET', `/api/ws/connection?pageSize=100&page=0&textSearch=${encodeURIComponent(NAME_PREFIX)}`, undefined, token);
  for (const connection of connections.data) await callApi('DELETE', `/api/ws/connection/${connection.id}`, undefined, token);
  if (credentialsId) await callApi('DELETE', `/api/mqtt/client/credentials/${credentialsId}`, undefined, token);
});

async function openWsClient(page: Page, account: Account = OPERATOR, menuLabel = 'Web socket client'): Promise<void> {
  await openConsoleAs(page, account);
  await page.getByRole('navigation').getByText(menuLabel, { exact: true }).click();
  await expect(page).toHaveURL(/\/ws-client/);
}

/** Fills the add-connection dialog's basic fields (the rest as they open) and saves; the new connection is selected. */
async function addConnection(page: Page, name: string, fill: (dialog: Locator) => Promise<void> = async () => undefined): Promise<void> {
  await page.getByRole('button', { name: 'Add connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add connection' });
  const nameField = dialog.getByRole('textbox', { name: /^Name/ });
  await expect(nameField).not.toHaveValue('');
  await nameField.fill(name);
  await fill(dialog);
  await dialog.getByTestId('ws-connection-save').click();
  await expect(dialog).toBeHidden();
  const item = page.getByTestId('ws-connection-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item.getByRole('button', { name: new RegExp(`^Disconnected ${name} ws://`) })).toHaveAttribute('aria-current', 'true');
}

/** A port on the loopback interface where nothing listens. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

test('an operator connects, subscribes in a colour, publishes JSON with user properties and filters the messages', async ({ page }) => {
  test.setTimeout(90_000);
  const policy = await watchPolicyViolations(page);
  const name = `${NAME_PREFIX} main`;
  const status = page.getByTestId('ws-connection-status');
  const rows = page.getByTestId('ws-message-row');
  const counts = page.getByTestId('ws-message-counts');

  await openWsClient(page);

  // A connection with generated credentials, the default.
  await addConnection(page, name, async (dialog) => {
    await expect(dialog.getByRole('radio', { name: 'Generated' })).toBeChecked();
    await expect(dialog.getByTestId('auto-credentials-note')).toBeVisible();
  });
  await expect(status).toHaveText('Disconnected');
  await page.getByTestId('ws-connect').click();
  await expect(status).toHaveText('Connected');
  await expect(page.getByTestId('ws-connection-failure')).toHaveCount(0);

  // A subscription in a colour typed into the colour picker, subscribed at once.
  await page.getByTestId('ws-subscription-add').click();
  const subscriptionDialog = page.getByRole('dialog', { name: 'Add subscription' });
  await subscriptionDialog.getByRole('textbox', { name: /^Topic filter/ }).fill(`${ROOT}/#`);
  await subscriptionDialog.getByRole('button', { name: /^Choose a colour/ }).click();
  const colourDialog = page.getByRole('dialog', { name: 'Choose a colour' });
  await colourDialog.getByRole('textbox', { name: 'Colour value' }).fill(COLOUR.typed);
  await colourDialog.getByRole('button', { name: 'Select' }).click();
  await expect(colourDialog).toBeHidden();
  await expect(subscriptionDialog.getByRole('button', { name: `Choose a colour, now ${COLOUR.typed}` })).toBeVisible();
  await subscriptionDialog.getByTestId('ws-subscription-save').click();
  await expect(subscriptionDialog).toBeHidden();
  const subscription = page.getByTestId('ws-subscription-row').filter({ hasText: `${ROOT}/#` });
  await expect(subscription).toBeVisible();
  await expect(subscription.locator('.ws-client__swatch')).toHaveCSS('background-color', COLOUR.computed);

  // JSON written in the JSON editor (Monaco), with a repeated user property.
  const publish = page.getByRole('form', { name: 'Publish' });
  await publish.getByRole('textbox', { name: /^Topic/ }).fill(`${ROOT}/json`);
  await publish.getByRole('radio', { name: 'JSON' }).click();
  await publish.getByRole('button', { name: 'Edit in the JSON editor' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit JSON payload' });
  await expect(editor.locator('.monaco-editor')).toBeVisible();
  await editor.getByRole('textbox', { name: 'JSON text' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('{"temperature": 21.5, "sensor": {"id": "T-17"}}');
  // Monaco closes the brackets and quotes typed: what it added after the cursor goes.
  await page.keyboard.press('Shift+ControlOrMeta+End');
  await page.keyboard.press('Delete');
  await expect(editor.locator('.monaco-editor .view-lines')).toContainText('T-17');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(publish.getByRole('textbox', { name: /^Payload/ })).toHaveValue(/"temperature": 21\.5/);
  await publish.getByText('MQTT 5 properties', { exact: true }).click();
  const userProperties = publish.getByRole('group', { name: 'User properties' });
  for (const [index, value] of ['north', 'south'].entries()) {
    await userProperties.getByRole('button', { name: 'Add property' }).click();
    await userProperties.getByRole('textbox', { name: `Key of property ${index + 1}` }).fill('site');
    await userProperties.getByRole('textbox', { name: `Value of property ${index + 1}` }).fill(value);
  }
  await publish.getByTestId('publish-button').click();

  // Published and received back, both marked in the subscription's colour.
  const received = rows.filter({ has: page.getByLabel('Received', { exact: true }) });
  const published = rows.filter({ has: page.getByLabel('Published', { exact: true }) });
  await expect(received).toHaveCount(1);
  await expect(published).toHaveCount(1);
  await expect(received).toContainText(`${ROOT}/json`);
  await expect(received).toContainText('"temperature"');
  await expect(received).toHaveCSS('border-left-color', COLOUR.computed);
  await expect(published).toHaveCSS('border-left-color', COLOUR.computed);

  // Its details: the payload as JSON, both values of the repeated user property.
  await received.click();
  const details = page.getByTestId('ws-message-details');
  await expect(details.getByRole('row', { name: /^Topic/ })).toContainText(`${ROOT}/json`);
  await expect(details.getByRole('row', { name: /^Direction/ })).toContainText('Received');
  await expect(details.getByRole('radio', { name: 'JSON' })).toBeChecked();
  await expect(details.getByTestId('payload-json')).toContainText('"sensor": {');
  const properties = details.getByTestId('ws-message-user-properties');
  await expect(properties.getByRole('row')).toHaveCount(2);
  await expect(properties.getByRole('row').nth(0)).toHaveText('sitenorth');
  await expect(properties.getByRole('row').nth(1)).toHaveText('sitesouth');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Filters: the type, then a topic text, which also hold for messages arriving afterwards.
  const filter = page.getByTestId('ws-message-filter');
  await filter.getByRole('radio', { name: 'Published' }).click();
  await expect(rows).toHaveCount(1);
  await expect(published).toHaveCount(1);
  await filter.getByRole('radio', { name: 'Received' }).click();
  await expect(rows).toHaveCount(1);
  await expect(received).toHaveCount(1);
  await filter.getByRole('searchbox', { name: /^Topic contains/ }).fill('other');
  await expect(filter).toContainText('Topics containing this text, in any case.');
  await expect(rows).toHaveCount(0);
  await expect(counts).toContainText('0 shown of 2 kept');

  const publisher = await connectMqttClient(`e2e-ws-publisher-${RUN}`, { username: PUBLISHER.username, password: PUBLISHER.password });
  clients.push(publisher);
  await publisher.publishAsync(`${ROOT}/elsewhere`, 'excluded by the topic filter', { qos: 1 });
  await publisher.publishAsync(`${ROOT}/other`, 'kept by both filters', { qos: 1 });
  await expect(counts).toContainText('1 shown of 4 kept');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${ROOT}/other`);
  await expect(rows).toContainText('kept by both filters');

  // A topic filter with a wildcard is matched as MQTT matches it.
  await filter.getByRole('searchbox', { name: /^Topic contains/ }).fill(`${ROOT}/+`);
  await expect(filter).toContainText('Matched as an MQTT topic filter.');
  await expect(rows).toHaveCount(3);
  await filter.getByRole('searchbox', { name: /^Topic contains/ }).fill('');
  await filter.getByRole('radio', { name: 'All' }).click();
  await expect(rows).toHaveCount(4);
  await expect(counts).toContainText('4 shown of 4 kept');

  // On a phone-sized screen the parts become tabs, the messages first.
  await page.setViewportSize({ width: 500, height: 900 });
  await expect(page.getByTestId('ws-client-layout-narrow')).toBeVisible();
  // The list is in another tab now: the bar names the connection.
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows.first()).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(status).toHaveText('Connected');
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page.getByTestId('ws-subscription-row').filter({ hasText: `${ROOT}/#` })).toBeVisible();
  await page.getByRole('tab', { name: 'Messages' }).click();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByTestId('ws-client-layout-wide')).toBeVisible();

  // Disconnect: the status says so and Connect is offered again.
  await page.getByTestId('ws-disconnect').click();
  await expect(status).toHaveText('Disconnected');
  await expect(page.getByTestId('ws-connect')).toBeVisible();

  // Someone deletes the generated credentials on the client credentials page: Connect still works,
  // with credentials the broker makes again.
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  const saved = await callApi<{ configuration: { clientCredentialsId: string } }>('GET', `/api/ws/connection?name=${encodeURIComponent(name)}`, undefined, token);
  const generated = saved.configuration.clientCredentialsId;
  expect(generated).toBeTruthy();
  await callApi('DELETE', `/api/mqtt/client/credentials/${generated}`, undefined, token);
  await page.getByTestId('ws-connect').click();
  await expect(status).toHaveText('Connected');
  await page.getByTestId('ws-disconnect').click();
  await expect(status).toHaveText('Disconnected');

  await policy.check();
});

test('a refused connection shows the broker’s reason and code; an unreachable one says the WebSocket did not open', async ({ page }) => {
  test.setTimeout(60_000);
  const status = page.getByTestId('ws-connection-status');
  const failure = page.getByTestId('ws-connection-failure');
  await openWsClient(page);

  // Custom credentials the broker does not know (anonymous access is closed while credentials exist).
  await addConnection(page, `${NAME_PREFIX} wrong password`, async (dialog) => {
    await dialog.getByRole('radio', { name: 'Custom' }).check({ force: true });
    await dialog.getByRole('textbox', { name: /^Username/ }).fill(PUBLISHER.username);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  });
  await expect(page.getByRole('heading', { name: `${NAME_PREFIX} wrong password`, exact: true })).toBeVisible();
  await page.getByTestId('ws-connect').click();
  await expect(status).toHaveText('Connection failed');
  await expect(failure).toHaveText('The broker refused the connection: Bad user name or password (code 134).');
  // Refused for good: no retrying, Connect is offered again.
  await expect(page.getByTestId('ws-connect')).toBeVisible();

  // A port where nothing listens.
  const port = await unusedPort();
  await addConnection(page, `${NAME_PREFIX} nothing listens`, async (dialog) => {
    await dialog.getByRole('spinbutton', { name: /^Port/ }).fill(String(port));
  });
  await page.getByTestId('ws-connect').click();
  await expect(failure).toContainText(`The WebSocket to ws://127.0.0.1:${port}/mqtt did not open or closed before the broker answered`);
  await page.getByTestId('ws-disconnect').click();
  await expect(status).toHaveText('Disconnected');
});

test('the page speaks German to a user who chose German', async ({ page }) => {
  const adminToken = await signInToApi(OPERATOR.username, OPERATOR.password);
  await createSettledUser(adminToken, GERMAN.username, GERMAN.password, { firstName: 'E2E', lastName: 'Deutsch' }, { lang: 'de_DE' });
  await openWsClient(page, GERMAN, 'WebSocket-Client');
  await expect(page.getByText('Noch keine Verbindungen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verbindung hinzufügen' })).toBeVisible();
});
