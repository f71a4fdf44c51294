import { expect, test } from '@playwright/test';
import { openConsoleAs } from '../support/accounts.js';
import { callApi } from '../support/api.js';
import { compatApiToken } from '../support/compat-clients.js';
import { compatSettings } from '../support/compat-settings.js';
import { roundTrip } from '../support/proxy-journeys.js';

/**
 * Journeys that change the broker: each makes something through the console, sees it as the broker
 * answers it, and removes it again. They run only against a live broker, and only when asked for
 * (STARLING_COMPAT_WRITE=true; playwright.compat.config.ts collects this file only then): the
 * recorded answers do not change when written to.
 */

const stamp = Date.now();

test('a user is added, found, renamed and deleted', async ({ page }) => {
  const email = `compat-${stamp}@example.com`;
  await openConsoleAs(page, compatSettings);
  await page.goto('/users');
  await page.getByTestId('add-user').click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByTestId('user-dialog-save').click();
  await expect(dialog).toBeHidden();
  // The one-time password the console made (TBMQ would give the shared default) is shown once.
  await page.getByRole('dialog', { name: `One-time password for ${email}` }).getByTestId('initial-password-close').click();

  await page.getByLabel('Search users').fill(email);
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toContainText('Ada');
  await row.getByRole('button', { name: `Edit ${email}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit user' });
  await expect(editDialog.getByLabel('First name')).toHaveValue('Ada');
  await editDialog.getByLabel('First name').fill('Augusta');
  await editDialog.getByTestId('user-dialog-save').click();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText('Augusta');

  await row.getByRole('button', { name: `Delete ${email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('user-row').filter({ hasText: email })).toHaveCount(0);
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test('client credentials are added, have their password changed and are deleted', async ({ page }) => {
  const name = `compat credentials ${stamp}`;
  await openConsoleAs(page, compatSettings);
  await page.goto('/client-credentials');
  await page.getByTestId('add-credentials').click();
  const dialog = page.getByRole('dialog', { name: 'Add client credentials' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Username', { exact: true }).fill(`compat-${stamp}`);
  await dialog.getByLabel('Password', { exact: true }).fill('first-Secret-1');
  await dialog.getByTestId('credentials-dialog-save').click();
  // A bundled broker in its AUTO anonymous mode warns first; a production broker does not.
  const warning = page.getByRole('alertdialog', { name: 'These are the first client credentials' });
  const connectivity = page.getByRole('dialog', { name: `Check connectivity: ${name}` });
  await expect(warning.or(connectivity)).toBeVisible();
  if (await warning.isVisible()) await warning.getByTestId('confirm-dialog-ok').click();
  await expect(connectivity).toBeVisible();
  await connectivity.getByRole('button', { name: 'Close' }).last().click();

  const row = page.getByTestId('credentials-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Change the password of ${name}` }).click();
  const change = page.getByRole('dialog', { name: new RegExp(`^Change the password of`) });
  await change.getByLabel('Current password').fill('first-Secret-1');
  await change.getByLabel('New password', { exact: true }).fill('second-Secret-2');
  await change.getByLabel('New password again').fill('second-Secret-2');
  await change.getByTestId('credentials-change-password-submit').click();
  await expect(change).toBeHidden();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('credentials-row').filter({ hasText: name })).toHaveCount(0);
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test('a web-socket connection with existing credentials connects through the console, subscribes, publishes and receives', async ({ page }) => {
  const name = `compat connection ${stamp}`;
  await openConsoleAs(page, compatSettings);
  await page.goto('/ws-client');
  await page.getByRole('button', { name: 'Add connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add connection' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByText('Existing client credentials', { exact: true }).click();
  // TBMQ keeps credentials for its own web-socket client, which sign in without a password; a broker
  // without them (the bundled one) makes credentials for the connection itself.
  const webSocketCredentials = dialog.getByRole('option', { name: /WebSocket/ }).first();
  const listed = await webSocketCredentials.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (listed) {
    await webSocketCredentials.click();
    await expect(dialog.getByTestId('chosen-credentials')).toBeVisible();
    const askForPassword = dialog.getByLabel('Ask for the password on connect instead of keeping it');
    if (await askForPassword.isChecked()) await dialog.getByText('Ask for the password on connect instead of keeping it').click();
    await expect(askForPassword).not.toBeChecked();
  } else {
    await dialog.getByText('Generated', { exact: true }).click();
  }
  await dialog.getByTestId('ws-connection-save').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('ws-connection-item').filter({ hasText: name }).getByRole('button').first().click();
  await roundTrip(page, `compat/${stamp}`, 'hello from the compatibility run');
  await page.getByTestId('ws-disconnect').click();
  await page.getByLabel(`Actions for ${name}`).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText(`Delete connection ${name}?`)).toBeVisible();
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByTestId('ws-connection-item').filter({ hasText: name })).toHaveCount(0);
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test('a web-socket connection with generated credentials connects through the console, subscribes, publishes and receives', async ({ page }) => {
  const name = `compat generated ${stamp}`;
  await openConsoleAs(page, compatSettings);
  await page.goto('/ws-client');
  await page.getByRole('button', { name: 'Add connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add connection' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await expect(dialog.getByRole('radio', { name: 'Generated' })).toBeChecked();
  // A broker that makes no credentials for a connection has the console make them first.
  const made = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/mqtt/client/credentials', { timeout: 15_000 }).catch(() => null);
  await dialog.getByTestId('ws-connection-save').click();
  await expect(dialog).toBeHidden();
  const madeHere = await made;
  try {
    await page.getByTestId('ws-connection-item').filter({ hasText: name }).getByRole('button').first().click();
    await roundTrip(page, `compat/${stamp}/generated`, 'hello with generated credentials');
    await page.getByTestId('ws-disconnect').click();
    await page.getByLabel(`Actions for ${name}`).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByTestId('confirm-dialog-ok').click();
    await expect(page.getByTestId('ws-connection-item').filter({ hasText: name })).toHaveCount(0);
    await expect(page.locator('.toast--error')).toHaveCount(0);
  } finally {
    if (madeHere?.ok()) {
      const { id } = (await madeHere.json()) as { id: string };
      await callApi('DELETE', `/api/mqtt/client/credentials/${id}`, undefined, await compatApiToken(), compatSettings.broker);
    }
  }
});
