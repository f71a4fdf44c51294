import { expect, test } from '@playwright/test';
import { signInAsDefaultAdmin } from '../support/sign-in.js';

test('an administrator adds a user, finds it by search, renames it and deletes it', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  await signInAsDefaultAdmin(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Users', { exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);

  // Add: the e-mail format is checked before anything is sent.
  await page.getByTestId('add-user').click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByTestId('user-dialog-save').click();
  await expect(dialog.getByText('Invalid email format.')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByTestId('user-dialog-save').click();
  // A closed dialog means the broker took the user (toasts are the app root's, not checked here).
  await expect(dialog).toBeHidden();

  // Search on the broker: only the new user is left.
  await page.getByLabel('Search users').fill(email);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ada');
  await expect(rows.first()).toContainText('Lovelace');

  // Edit its first name (a first opening is left with Escape).
  await rows.first().getByRole('button', { name: `Edit ${email}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit user' });
  await expect(editDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editDialog).toBeHidden();
  await rows.first().getByRole('button', { name: `Edit ${email}` }).click();
  await expect(editDialog.getByLabel('First name')).toHaveValue('Ada');
  await editDialog.getByLabel('First name').fill('Augusta');
  await editDialog.getByTestId('user-dialog-save').click();
  await expect(editDialog).toBeHidden();
  await expect(rows.first()).toContainText('Augusta');

  // Delete it after confirming.
  await rows.first().getByRole('button', { name: `Delete ${email}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Are you sure you want to delete the user “${email}”?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No users found')).toBeVisible();

  // The signed-in administrator cannot delete itself.
  await page.getByLabel('Search users').fill('sysadmin@starling.local');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('button', { name: 'Delete sysadmin@starling.local' })).toBeDisabled();
});

test('an administrator signs in as another user and lands on home as that user', async ({ page }) => {
  const email = `e2e-other-${Date.now()}@example.com`;
  await signInAsDefaultAdmin(page);
  await page.goto('/users');
  await page.getByTestId('add-user').click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByTestId('user-dialog-save').click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search users').fill(email);
  await page.getByTestId('user-row').getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-menu-button')).toContainText(email);
});
