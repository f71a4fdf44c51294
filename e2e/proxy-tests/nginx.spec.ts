import { expect, type Page, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { OPERATOR, signIn } from '../support/accounts.js';
import { callApi, createMqttCredentials, signInToApi } from '../support/api.js';
import { connectMqttClient } from '../support/mqtt-client.js';
import { proxyOrigins, SUB_PATH } from '../support/proxy-ports.js';
import { addDefaultConnection, roundTrip } from '../support/proxy-journeys.js';

// The built console under /starling/ behind a real nginx (e2e/support/start-nginx.mjs, the README's
// example): static files from web/dist, the API, the documentation and the MQTT web-socket path
// proxied to the broker. Paths here are relative: the base URL is the sub-path.
const RUN = Date.now();
const ROOT = `e2e-nginx-${RUN}`;
const BASE = `${proxyOrigins.nginx}${SUB_PATH}`;
const PUBLISHER = { name: `E2E nginx publisher ${RUN}`, username: `e2e-nginx-publisher-${RUN}`, password: 'Publisher-secret-1' };

let clients: MqttClient[] = [];
let credentialsId: string | undefined;
test.afterEach(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  clients = [];
});
test.afterAll(async () => {
  if (!credentialsId) return;
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  await callApi('DELETE', `/api/mqtt/client/credentials/${credentialsId}`, undefined, token);
});

/** Every address the page asks for stays below the sub-path (or leaves the machine on purpose). */
function watchOutsideSubPath(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(proxyOrigins.nginx) && !url.startsWith(BASE)) outside.push(url);
  });
  return outside;
}

test('signed in under /starling/, deep links, a reload, help and the documentation all stay below the sub-path', async ({ page }) => {
  const outside = watchOutsideSubPath(page);
  await page.goto('login');
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(`${BASE}home`);

  // The menu's links carry the sub-path, for a new tab too.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', `${SUB_PATH}sessions`);
  await menu.getByText('Sessions', { exact: true }).click();
  await expect(page).toHaveURL(`${BASE}sessions`);
  await expect(page.getByLabel('Search sessions by client ID')).toBeVisible();

  // A deep link two levels down, opened afresh and reloaded: its files still load from the base.
  await page.goto('settings/outgoing-mail');
  await expect(page.getByRole('form', { name: 'Outgoing mail' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(`${BASE}settings/outgoing-mail`);
  await expect(page.getByRole('form', { name: 'Outgoing mail' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'System settings' })).toHaveAttribute('href', `${SUB_PATH}settings`);

  // The page's help (a file of the build) and a card's documentation (proxied to the broker).
  await page.goto('users');
  await page.getByRole('button', { name: 'Open help' }).click();
  await expect(page.getByRole('heading', { name: 'Working with the list' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('home');
  const card = page.getByRole('region', { name: 'Sessions' });
  const [docs] = await Promise.all([page.waitForEvent('popup'), card.getByRole('link', { name: 'Open the documentation in a new tab' }).click()]);
  await expect(docs).toHaveURL(`${BASE}docs/en/sessions`);
  await expect(docs.getByRole('heading', { level: 1 })).toHaveText('Sessions');
  await docs.close();

  expect(outside).toEqual([]);
});

test('a retained message’s payload is read as JSON, and the web-socket client’s default URL is the proxied path', async ({ page }) => {
  test.setTimeout(60_000);
  const outside = watchOutsideSubPath(page);
  // Other journeys' generated credentials close anonymous access: this publisher has its own.
  credentialsId = await createMqttCredentials(await signInToApi(OPERATOR.username, OPERATOR.password), PUBLISHER);
  const publisher = await connectMqttClient(`e2e-nginx-publisher-${RUN}`, { username: PUBLISHER.username, password: PUBLISHER.password });
  clients.push(publisher);
  const topic = `${ROOT}/plant/temperature`;
  await publisher.publishAsync(topic, '{"value":21.5,"sensor":{"id":"T-17"}}', { qos: 1, retain: true });

  await page.goto(`retained-messages?topicFilter=${encodeURIComponent(`${ROOT}/#`)}`);
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(new RegExp(`^${BASE}retained-messages`));
  const rows = page.getByTestId('retained-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: topic, exact: true }).click();
  const drawer = page.locator('.retained-details');
  await expect(drawer.getByRole('radio', { name: 'JSON' })).toBeChecked();
  await expect(drawer.getByTestId('payload-json')).toContainText('"sensor": {');
  await page.keyboard.press('Escape');

  await addDefaultConnection(page, `E2E nginx ${RUN}`, `${BASE.replace(/^http/, 'ws')}mqtt`);
  await roundTrip(page, `${ROOT}/ws`, 'through nginx');
  expect(outside).toEqual([]);
});
