import { expect, type Page, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { type Account, OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, createMqttCredentials, createSettledUser, signInToApi } from '../../support/api.js';
import { connectMqttClient } from '../../support/mqtt-client.js';
import { e2ePorts } from '../../support/ports.js';

const RUN = Date.now();
const GERMAN: Account = { username: `home-de-${RUN}@starling.local`, password: 'Startseite-e2e-pass-1' };
// The first credentials close AUTO anonymous access for the spec files after this one: deleted again below.
const SENSOR = { name: `E2E home sensor ${RUN}`, username: `e2e-home-${RUN}`, password: 'Home-sensor-pass-1' };

let client: MqttClient | undefined;
let credentialsId: string | undefined;

test.afterAll(async () => {
  await client?.endAsync(true);
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  if (credentialsId) await callApi('DELETE', `/api/mqtt/client/credentials/${credentialsId}`, undefined, token);
  const german = await signInToApi(GERMAN.username, GERMAN.password).catch(() => undefined);
  if (german) {
    const user = await callApi<{ id: string }>('GET', '/api/auth/user', undefined, german);
    await callApi('DELETE', `/api/admin/${user.id}`, undefined, token);
  }
});

/** Clicks a card's help icon and answers the documentation tab it opens. */
async function openCardHelp(page: Page, card: string, helpLabel: string): Promise<Page> {
  const [docs] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('region', { name: card }).getByRole('link', { name: helpLabel }).click(),
  ]);
  await docs.waitForLoadState();
  return docs;
}

test('the home dashboard shows its cards, the broker config with the MQTT port, and opens documentation in a new tab', async ({ page }) => {
  await openConsoleAs(page, OPERATOR);
  for (const card of ['Sessions', 'Client credentials', 'Config', 'Version', 'Quick links', 'Getting started']) {
    await expect(page.getByRole('region', { name: card })).toBeVisible();
  }
  await expect(page.getByTestId('config-tcpPort')).toHaveText(`MQTT port${e2ePorts.mqtt}`);
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');

  const docs = await openCardHelp(page, 'Sessions', 'Open the documentation in a new tab');
  await expect(docs).toHaveURL(/\/docs\/en\/sessions$/);
  await expect(docs.getByRole('heading', { level: 1 })).toHaveText('Sessions');
  await expect(docs).toHaveTitle('Sessions · Starling documentation');
  // The language switch leads to the German page.
  await docs.getByRole('link', { name: 'Deutsch' }).click();
  await expect(docs.getByRole('heading', { level: 1 })).toHaveText('Sitzungen');
  await docs.close();

  // A quick link opens its page too.
  const [quickLink] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Shared subscriptions' }).click()]);
  await expect(quickLink.getByRole('heading', { level: 1 })).toHaveText('Shared subscriptions');
});

test('a German reader gets the German documentation', async ({ page }) => {
  const adminToken = await signInToApi(OPERATOR.username, OPERATOR.password);
  await createSettledUser(adminToken, GERMAN.username, GERMAN.password, { firstName: 'E2E', lastName: 'Startseite' }, { lang: 'de_DE' });
  await openConsoleAs(page, GERMAN);
  await expect(page.getByTestId('config-tcpPort')).toHaveText(`MQTT-Port${e2ePorts.mqtt}`);
  const docs = await openCardHelp(page, 'Konfiguration', 'Dokumentation in einem neuen Tab öffnen');
  await expect(docs).toHaveURL(/\/docs\/de\/config$/);
  await expect(docs.getByRole('heading', { level: 1 })).toHaveText('Konfiguration');
  await expect(docs.getByRole('heading', { name: 'MQTT-Grenzen' })).toBeVisible();
});

test('getting started ticks the connect step off when a real MQTT client connects', async ({ page }) => {
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  await openConsoleAs(page, OPERATOR);
  const card = page.getByRole('region', { name: 'Getting started' });
  const connectStep = card.getByTestId('getting-started-step-2');
  await expect(connectStep).toContainText(`mosquitto_sub -h 127.0.0.1 -p ${e2ePorts.mqtt} -u '<username>' -P '<password>' -t 'sensors/#' -v`);
  await expect(card.getByTestId('getting-started-connection')).toHaveText('Waiting for a client to connect…');
  await expect(connectStep).toHaveAttribute('data-done', 'false');

  // Step 1, as an operator would: credentials with a username and password.
  credentialsId = await createMqttCredentials(token, SENSOR);
  await expect(card.getByTestId('getting-started-step-1')).toHaveAttribute('data-done', 'true');

  client = await connectMqttClient(`e2e-home-${RUN}`, { username: SENSOR.username, password: SENSOR.password });
  await expect(connectStep).toHaveAttribute('data-done', 'true');
  await expect(connectStep.getByLabel('Done')).toBeVisible();
  await expect(card.getByTestId('getting-started-connection')).toHaveText('A client has connected.');

  // It stays done once the client has gone, also after a reload.
  await client.endAsync(true);
  client = undefined;
  await page.reload();
  await expect(page.getByRole('region', { name: 'Getting started' }).getByTestId('getting-started-step-2')).toHaveAttribute('data-done', 'true');
});
