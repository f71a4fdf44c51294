import { expect, type Page, test } from '@playwright/test';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, signInToApi } from '../../support/api.js';
import { connectMqttClient } from '../../support/mqtt-client.js';
import { e2ePorts } from '../../support/ports.js';
import { RunningCommand, runCommand } from '../../support/shell-command.js';

// The broker is shared by every spec file: in its AUTO anonymous-access mode, credentials left behind
// would refuse the anonymous MQTT clients of the files after this one, and anonymous topic rules
// would hold them to some topics. Everything made here is deleted, anonymous access set back.
const NAME_PREFIX = 'E2E credentials';
const USERNAME = `e2e-sensor-${Date.now()}`;
const FIRST_PASSWORD = 'first-Secret-1';
const NEW_PASSWORD = 'second-Secret-2';

interface CredentialsPage {
  data: { id: string; name: string }[];
}

async function deleteTestCredentials(): Promise<void> {
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  const page = await callApi<CredentialsPage>('GET', `/api/v2/mqtt/client/credentials?pageSize=100&page=0&textSearch=${encodeURIComponent(NAME_PREFIX)}`, undefined, token);
  for (const credentials of page.data) await callApi('DELETE', `/api/mqtt/client/credentials/${credentials.id}`, undefined, token);
}

const running: RunningCommand[] = [];

test.beforeAll(deleteTestCredentials);
test.afterAll(async () => {
  for (const command of running) command.stop();
  await deleteTestCredentials();
  // The default: AUTO, every topic (lists left out).
  await callApi('POST', '/api/mqtt/anonymousAccess', { mode: 'AUTO' }, await signInToApi(OPERATOR.username, OPERATOR.password));
});

async function commandText(page: Page, testId: 'publish-command' | 'subscribe-command'): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? '';
}

test('credentials made in the console let a real client in, until their password is changed in the console', async ({ page }) => {
  await openConsoleAs(page, OPERATOR);
  // The home counter links to the list filtered by client type.
  await page.getByTestId('credentials-count-devices').click();
  await expect(page).toHaveURL(/\/client-credentials\?clientTypeList=DEVICE$/);
  await expect(page.getByTestId('anonymous-access-state')).toHaveText('Open');

  await page.getByTestId('add-credentials').click();
  const dialog = page.getByRole('dialog', { name: 'Add client credentials' });
  await dialog.getByLabel(/^Name/).fill(`${NAME_PREFIX} sensor`);
  await dialog.getByLabel('Username', { exact: true }).fill(USERNAME);
  await dialog.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
  // Rules are chips: only sensors/… topics for publishing.
  const publishRules = dialog.getByRole('combobox', { name: 'Publish rules' });
  await dialog.getByRole('button', { name: 'Remove .*' }).first().click();
  await publishRules.fill('sensors/.*');
  await publishRules.press('Enter');
  await dialog.getByTestId('credentials-dialog-save').click();

  // The first credentials close AUTO anonymous access: the console says so before saving.
  const warning = page.getByRole('alertdialog', { name: 'These are the first client credentials' });
  await expect(warning).toBeVisible();
  await warning.getByTestId('confirm-dialog-ok').click();

  // The new credentials open the connectivity check with the password just typed.
  const connectivity = page.getByRole('dialog', { name: `Check connectivity: ${NAME_PREFIX} sensor` });
  await expect(connectivity).toBeVisible();
  const subscribe = await commandText(page, 'subscribe-command');
  const publish = await commandText(page, 'publish-command');
  // The broker's real host (the console's) and MQTT port.
  expect(subscribe).toBe(`mosquitto_sub -h 127.0.0.1 -p ${e2ePorts.mqtt} -u ${USERNAME} -P ${FIRST_PASSWORD} -t 'sensors/#' -v`);
  await connectivity.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByTestId('anonymous-access-state')).toHaveText('Closed');

  // The generated commands work as they are: the subscriber gets what the publisher sends.
  const subscriber = new RunningCommand(`${subscribe} -C 1 -d`);
  running.push(subscriber);
  await expect.poll(() => subscriber.output).toContain('received SUBACK');
  expect((await runCommand(publish)).code).toBe(0);
  await expect.poll(() => subscriber.output).toContain('sensors/temperature {"temperature":25}');

  // A client stays connected with the first password…
  const listener = new RunningCommand(`${subscribe} -d`);
  running.push(listener);
  await expect.poll(() => listener.output).toContain('received CONNACK (0)');

  // …until the password changes in the console.
  const row = page.getByTestId('credentials-row').filter({ hasText: `${NAME_PREFIX} sensor` });
  await row.getByRole('button', { name: `Change the password of ${NAME_PREFIX} sensor` }).click();
  const change = page.getByRole('dialog', { name: `Change the password of “${NAME_PREFIX} sensor”` });
  await change.getByLabel('Current password').fill(FIRST_PASSWORD);
  await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await change.getByLabel('New password again').fill(NEW_PASSWORD);
  await change.getByTestId('credentials-change-password-submit').click();
  await expect(change).toBeHidden();

  // The connected client is dropped, and the same command is now refused.
  await expect.poll(() => listener.output).toMatch(/CONNACK \(4\)|bad user ?name or password/i);
  const refused = await runCommand(publish);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toMatch(/bad user ?name or password/i);
  expect((await runCommand(publish.replace(FIRST_PASSWORD, NEW_PASSWORD))).code).toBe(0);

  // The refusal is in the unauthorized-client log.
  await page.getByRole('tab', { name: 'Unauthorized clients' }).click();
  await expect(page.getByTestId('unauthorized-client-row').filter({ hasText: USERNAME }).first()).toBeVisible();
});

// Saving SCRAM credentials needs the bundled broker's SCRAM store (password → salt, StoredKey, ServerKey).
test('SCRAM credentials added in the console are listed, open again in their form, and the simulator judges a SCRAM client once SCRAM is on', async ({ page }) => {
  const name = `${NAME_PREFIX} scram`;
  const userName = `e2e-scram-${Date.now()}`;
  await openConsoleAs(page, OPERATOR);
  await page.getByRole('link', { name: 'Client credentials' }).first().click();
  await page.getByTestId('add-credentials').click();
  const dialog = page.getByRole('dialog', { name: 'Add client credentials' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Credentials type').selectOption('SCRAM');
  await dialog.getByLabel(/^Username/).fill(userName);
  await dialog.getByLabel(/^Password/).fill(FIRST_PASSWORD);
  await dialog.getByLabel('Algorithm').selectOption('SHA_512');
  await dialog.getByTestId('credentials-dialog-save').click();

  // Run alone, these are the first credentials: the console asks before closing AUTO anonymous access.
  const warning = page.getByRole('alertdialog', { name: 'These are the first client credentials' });
  const connectivity = page.getByRole('dialog', { name: `Check connectivity: ${name}` });
  await expect(connectivity.or(warning)).toBeVisible();
  if (await warning.isVisible()) await warning.getByTestId('confirm-dialog-ok').click();
  // No mosquitto commands: the Mosquitto clients cannot do SCRAM.
  await expect(connectivity.getByTestId('scram-connectivity-settings')).toContainText(`SCRAM-SHA-512, the username ${userName}`);
  await expect(connectivity.getByTestId('publish-command')).toHaveCount(0);
  await connectivity.getByRole('button', { name: 'Close' }).last().click();

  const row = page.getByTestId('credentials-row').filter({ hasText: name });
  await expect(row).toContainText('SCRAM');
  await expect(row.getByRole('button', { name: `Change the password of ${name}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Client credentials details' });
  await expect(edit.getByLabel(/^Username/)).toHaveValue(userName);
  await expect(edit.getByLabel('Algorithm')).toHaveValue('SHA_512');
  await expect(edit.getByTestId('scram-stored-keys-note')).toBeVisible();
  await expect(edit.getByLabel(/^Password/)).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // The access simulator judges an MQTT 5 client asking for SCRAM-SHA-512 as the broker's exchange would.
  await page.getByRole('tab', { name: 'Access simulator' }).click();
  const simulator = page.getByRole('form', { name: 'Access simulator' });
  const simulateScramClient = async () => {
    await simulator.getByLabel(/^Client ID/).fill('e2e-scram-sim');
    await simulator.getByLabel(/^Username/).fill(userName);
    await simulator.getByLabel(/^Password/).fill(FIRST_PASSWORD);
    await simulator.getByLabel('Authentication').selectOption('SCRAM-SHA-512');
    await simulator.getByLabel(/^Topic or topic filter/).fill('plant/1/temperature');
    await page.getByTestId('simulate-access').click();
  };
  await simulateScramClient();
  // SCRAM is off until an operator turns it on (as on TBMQ).
  await expect(page.getByTestId('simulation-result')).toContainText('Refused at connect');
  await expect(page.getByTestId('simulation-result')).toContainText('the provider is disabled');

  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  const scram = await callApi<{ id: string; enabled: boolean }>('GET', '/api/mqtt/auth/provider/type/SCRAM', undefined, token);
  try {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Authentication', { exact: true }).click();
    await menu.getByText('Providers', { exact: true }).click();
    await page.getByLabel('SCRAM enabled', { exact: true }).check({ force: true });
    await expect.poll(async () => (await callApi<{ enabled: boolean }>('GET', '/api/mqtt/auth/provider/type/SCRAM', undefined, token)).enabled).toBe(true);
    await page.goBack();
    await page.goBack();
    await page.getByRole('tab', { name: 'Access simulator' }).click();
    await simulateScramClient();
    await expect(page.getByTestId('simulation-result')).toContainText('Allowed');
    await expect(page.getByTestId('simulation-auth-provider')).toHaveText('SCRAM');
  } finally {
    if (!scram.enabled) await callApi('POST', `/api/mqtt/auth/provider/${scram.id}/disable`, undefined, token);
  }
});

test('read-only topic rules set in the console refuse a real anonymous client its publish', async ({ page }) => {
  await openConsoleAs(page, OPERATOR);
  await page.getByRole('link', { name: 'Client credentials' }).first().click();
  await page.getByLabel('Anonymous access').selectOption('ALLOWED');
  await expect(page.getByTestId('anonymous-access-state')).toHaveText('Open');

  // Read-only: no publish rule at all, subscriptions under public/ only.
  await page.getByTestId('anonymous-rules-edit').click();
  const dialog = page.getByRole('dialog', { name: 'Topic rules of anonymous clients' });
  await dialog.getByRole('button', { name: 'Remove .*' }).first().click();
  await dialog.getByRole('button', { name: 'Remove .*' }).click();
  const subscribeRules = dialog.getByRole('combobox', { name: 'Subscribe rules' });
  await subscribeRules.fill('public/.*');
  await subscribeRules.press('Enter');
  await dialog.getByTestId('anonymous-rules-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('anonymous-rules-publish')).toHaveText('Publish: no topic');

  // A client without credentials may read public/ but not publish there (MQTT 5 PUBACK 0x87).
  const client = await connectMqttClient(`e2e-anonymous-${Date.now()}`);
  try {
    await client.subscribeAsync('public/#');
    const refused = await client.publishAsync('public/news', 'x', { qos: 1 }).then(
      () => 'delivered',
      (error: { code?: number }) => error.code,
    );
    expect(refused).toBe(0x87);
  } finally {
    await client.endAsync(true);
  }

  // The home page says anonymous clients are held to some topics.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByTestId('anonymous-access-restricted')).toHaveText('Restricted topics');
});
