import { expect, test } from '@playwright/test';
import { openConsoleAs } from '../support/accounts.js';
import { callApi } from '../support/api.js';
import { compatApiToken, connectThroughConsole, createCompatAccount, deleteCompatAccount } from '../support/compat-clients.js';
import { compatSettings } from '../support/compat-settings.js';

/**
 * Writing journeys on the broker's administration side (collected only against a live broker, when
 * asked for; see write.spec.ts). Each one leaves the broker as it found it.
 */

const stamp = Date.now();

/** Removes a journey's offline session through the broker's API (it names the session to remove by its id). */
async function removeSession(token: string, clientId: string): Promise<void> {
  const query = `clientId=${encodeURIComponent(clientId)}`;
  const session = await callApi<{ sessionId: string } | undefined>('GET', `/api/client-session?${query}`, undefined, token, compatSettings.broker).catch(() => undefined);
  if (session) await callApi('DELETE', `/api/client-session/remove?${query}&sessionId=${session.sessionId}`, undefined, token, compatSettings.broker);
}

test('a client id is blocked and unblocked', async ({ page }) => {
  const clientId = `compat-blocked-${stamp}`;
  await openConsoleAs(page, compatSettings);
  await page.goto('/client-credentials?tab=blocked');
  await page.getByTestId('add-blocked-client').click();
  const dialog = page.getByRole('dialog', { name: 'Block clients' });
  await dialog.getByLabel(/^Value/).fill(clientId);
  await dialog.getByTestId('blocked-client-dialog-save').click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search blocked clients').fill(clientId);
  const row = page.getByTestId('blocked-client-row').filter({ hasText: clientId });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Unblock ${clientId}` }).click();
  await page.getByRole('alertdialog').getByTestId('confirm-dialog-ok').click();
  await expect(row).toHaveCount(0);
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test('an application shared subscription is added with its Kafka topic and deleted', async ({ page }) => {
  const name = `compat-app-${stamp}`;
  const topicFilter = `compat/${stamp}/app/#`;
  await openConsoleAs(page, compatSettings);
  await page.goto('/shared-subscriptions/applications');
  await page.getByTestId('add-app-shared-subscription').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Topic filter').fill(topicFilter);
  await dialog.getByLabel('Partitions').fill('2');
  await dialog.getByTestId('app-shared-subscription-save').click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search by name or topic filter').fill(name);
  const row = page.getByTestId('app-shared-subscription-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(topicFilter);
  // The broker made a Kafka topic for it (TBMQ names it after the topic filter).
  await page.goto('/kafka/topics');
  await page.getByLabel('Search topics by name').fill(String(stamp));
  await expect(page.getByTestId('kafka-topic-row')).toHaveCount(1);
  await page.goto('/shared-subscriptions/applications');
  await page.getByLabel('Search by name or topic filter').fill(name);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByTestId('confirm-dialog-ok').click();
  await expect(row).toHaveCount(0);
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test('the empty consumer group an application client leaves behind is deleted', async ({ page }) => {
  const clientId = `compat-application-${stamp}`;
  const token = await compatApiToken();
  const account = await createCompatAccount(token, clientId, 'APPLICATION');
  try {
    // A persistent APPLICATION session reads its messages through a consumer group of its own,
    // which stays, without members, once the client has gone.
    const client = await connectThroughConsole(clientId, account, { clean: false, properties: { sessionExpiryInterval: 600 } });
    await client.subscribeAsync(`compat/${stamp}/application/#`, { qos: 1 });
    await client.endAsync();

    await openConsoleAs(page, compatSettings);
    await page.goto('/kafka/consumer-groups');
    const row = page.getByTestId('kafka-group-row').filter({ hasText: clientId });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toHaveCount(1, { timeout: 2_000 });
      await expect(row.getByTestId('kafka-group-delete')).toBeEnabled({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    const groupId = (await row.locator('td').first().textContent())?.trim() ?? '';
    await row.getByTestId('kafka-group-delete').click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(groupId);
    await confirm.getByTestId('confirm-dialog-ok').click();
    await expect(row).toHaveCount(0);
    await expect(page.locator('.toast--error')).toHaveCount(0);
  } finally {
    await removeSession(token, clientId);
    await deleteCompatAccount(token, account);
  }
});

test('the profile saves a name and a language, and both are put back', async ({ page }) => {
  await openConsoleAs(page, compatSettings);
  await page.goto('/profile');
  const firstName = page.getByLabel('First name');
  const lastName = page.getByLabel('Last name');
  await expect(page.getByLabel('Email')).toHaveValue(compatSettings.username);
  const before = { first: await firstName.inputValue(), last: await lastName.inputValue() };

  await firstName.fill('Compat');
  await lastName.fill(`Run ${stamp}`);
  await page.getByLabel('Language').selectOption('de_DE');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Compat Run ${stamp}` })).toBeVisible();
  // Kept by the broker: a reload reads them back.
  await page.reload();
  await expect(page.getByLabel('Vorname')).toHaveValue('Compat');
  await expect(page.getByLabel('Sprache')).toHaveValue('de_DE');

  await page.getByLabel('Vorname').fill(before.first);
  await page.getByLabel('Nachname').fill(before.last);
  await page.getByLabel('Sprache').selectOption('en_US');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test('an administrator adds a user without a password and signs in as them; the new user replaces the one-time password the console made', async ({ page }) => {
  const email = `compat-other-${stamp}@example.com`;
  const token = await compatApiToken();
  try {
    await openConsoleAs(page, compatSettings);
    await page.goto('/users');
    await page.getByTestId('add-user').click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByTestId('user-dialog-save').click();
    await expect(dialog).toBeHidden();
    // TBMQ would give the shared default: the console sent a one-time password of its own and shows it once.
    const shown = page.getByRole('dialog', { name: `One-time password for ${email}` });
    const oneTimePassword = await shown.getByLabel('One-time password').inputValue();
    await shown.getByTestId('initial-password-close').click();
    await page.getByLabel('Search users').fill(email);
    await page.getByTestId('user-row').getByRole('button', { name: `Sign in as ${email}` }).click();
    await expect(page).toHaveURL(/\/home$/);
    const forced = page.getByTestId('forced-password-change');
    await forced.getByLabel('New password', { exact: true }).fill(`Changed-${stamp}-pass`);
    await forced.getByLabel('New password again').fill(`Changed-${stamp}-pass`);
    await forced.getByTestId('change-password-submit').click();
    // TBMQ refuses the default as the current password: the screen asks for the one-time one.
    await forced.getByLabel('Current password').fill(oneTimePassword);
    await forced.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('user-menu-button')).toContainText(email);
    await expect(page.locator('.toast--error')).toHaveCount(0);
  } finally {
    const users = await callApi<{ data: { id: string; email: string }[] }>('GET', `/api/admin?pageSize=10&page=0&textSearch=${encodeURIComponent(email)}`, undefined, token, compatSettings.broker);
    for (const user of users.data.filter((listed) => listed.email === email)) await callApi('DELETE', `/api/admin/${user.id}`, undefined, token, compatSettings.broker);
  }
});
