import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { OPERATOR, openConsoleAs, signIn } from '../../support/accounts.js';

// Issue 31: changes made in the console, and a failed sign-in, are found on System settings → Audit
// log with its search and filters, opened in full, and exported as CSV. The user made here is deleted
// by the journey itself.
const STAMP = Date.now();
const MADE_USER = `e2e-audit-${STAMP}@example.com`;
const UNKNOWN_USER = `e2e-audit-nobody-${STAMP}@example.com`;

/** Adds a user on the users page, renames it, then deletes it: three entries (added, updated, deleted). */
async function addRenameAndDeleteUser(page: Page): Promise<void> {
  await page.goto('/users');
  await page.getByTestId('add-user').click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Email').fill(MADE_USER);
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByTestId('user-dialog-save').click();
  await expect(dialog).toBeHidden();
  const shown = page.getByRole('dialog', { name: `One-time password for ${MADE_USER}` });
  await shown.getByTestId('initial-password-close').click();
  await expect(shown).toBeHidden();

  await page.getByLabel('Search users').fill(MADE_USER);
  const row = page.getByTestId('user-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Edit ${MADE_USER}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await expect(edit.getByLabel('First name')).toHaveValue('Grace');
  await edit.getByLabel('First name').fill('Hopper');
  await edit.getByTestId('user-dialog-save').click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Hopper');

  await row.getByRole('button', { name: `Delete ${MADE_USER}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No users found')).toBeVisible();
}

/** Sets the filter panel's choices (checkbox labels and the status) and applies them. */
async function applyFilter(page: Page, choices: { tick?: string[]; status?: string }): Promise<void> {
  await page.getByTestId('audit-log-filter-toggle').click();
  const panel = page.getByRole('form', { name: 'Filter' });
  await panel.getByTestId('audit-log-filter-reset').click();
  for (const label of choices.tick ?? []) await panel.getByRole('checkbox', { name: label, exact: true }).check({ force: true });
  if (choices.status) await panel.getByLabel('Status').selectOption({ label: choices.status });
  await page.getByTestId('audit-log-filter-apply').click();
  await expect(panel).toBeHidden();
}

async function openDetails(row: Locator, page: Page): Promise<Locator> {
  await row.click();
  const dialog = page.getByRole('dialog', { name: /Audit log entry/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('changes and a failed sign-in are found in the audit log, opened in full and exported as CSV', async ({ page, browser }) => {
  // A failed sign-in with an e-mail no account has, from a browser of its own.
  const stranger = await browser.newPage();
  await stranger.goto('/login');
  await signIn(stranger, { username: UNKNOWN_USER, password: 'not-a-password-1' });
  await expect(stranger.getByRole('alert')).toBeVisible();
  await stranger.close();

  await openConsoleAs(page, OPERATOR);
  await addRenameAndDeleteUser(page);

  // System settings → Audit log, from the side menu.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'System settings' }).click();
  // Chosen with the keyboard: the group is still unfolding, and a pointer aimed at a moving link may miss it.
  await menu.getByRole('link', { name: 'Audit log' }).press('Enter');
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('System settings');
  await expect(page).toHaveTitle('Starling | Audit log');

  // The search finds the user's three entries, newest first, each made by the operator.
  const rows = page.getByTestId('audit-log-row');
  await page.getByLabel('Search by user, entity name or id').fill(MADE_USER);
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Deleted');
  await expect(rows.nth(1)).toContainText('Updated');
  await expect(rows.nth(2)).toContainText('Added');
  for (const index of [0, 1, 2]) await expect(rows.nth(index)).toContainText(OPERATOR.username);

  // The update's details: every field, and the user before and after side by side.
  await applyFilter(page, { tick: ['Updated'] });
  await expect(rows).toHaveCount(1);
  const update = await openDetails(rows.first(), page);
  await expect(update).toContainText('Success');
  await expect(update).toContainText(MADE_USER);
  await expect(update.getByTestId('audit-log-before')).toContainText('"Grace"');
  await expect(update.getByTestId('audit-log-after')).toContainText('"Hopper"');
  await update.getByRole('button', { name: 'Close' }).click();
  await expect(update).toBeHidden();

  // The failed sign-in: the tried e-mail, found by the sign-in action and the failure status.
  await page.getByLabel('Search by user, entity name or id').fill(UNKNOWN_USER);
  await applyFilter(page, { tick: ['Sign-in'], status: 'Failure' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Failure');
  const failed = await openDetails(rows.first(), page);
  await expect(failed).toContainText(UNKNOWN_USER);
  await expect(failed).toContainText('Failure details');
  await failed.getByRole('button', { name: 'Close' }).click();

  // The export holds what the page shows: the header and the one failed sign-in.
  const download = page.waitForEvent('download');
  await page.getByTestId('audit-log-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
  const csv = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
  expect(csv[0]).toMatch(/^createdTime,userName,address,actionType,actionStatus,entityType/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(UNKNOWN_USER);
  expect(csv[1]).toContain('LOGIN,FAILURE,USER');
});

test.describe('on a 500 px wide screen', () => {
  test.use({ viewport: { width: 500, height: 800 } });

  test('the audit log fits the width: rows become small cards and the page never scrolls sideways', async ({ page }) => {
    await openConsoleAs(page, OPERATOR);
    await page.goto('/settings/audit-log');
    await expect(page.getByTestId('audit-log-row').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Each row's own width stays within the screen too: nothing is cut off inside a scrolled box.
    const rowBox = await page.getByTestId('audit-log-row').first().boundingBox();
    expect((rowBox?.x ?? 0) + (rowBox?.width ?? Infinity)).toBeLessThanOrEqual(500);
  });
});
