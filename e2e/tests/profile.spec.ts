import { expect, test } from '@playwright/test';
import { signInAsDefaultAdmin } from '../support/sign-in.js';

test('the profile saves a new name, and a new language changes the whole console at once', async ({ page }) => {
  await signInAsDefaultAdmin(page);
  await page.getByTestId('user-menu-button').click();
  await page.getByText('Profile', { exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const save = page.getByRole('button', { name: 'Save' });
  await expect(page.getByLabel('Email')).toHaveValue('sysadmin@starling.local');
  await expect(save).toBeDisabled();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Language').selectOption('de_DE');
  await save.click();

  // The shell speaks German without a reload, and shows the new name.
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByText('Benutzer', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByLabel('Sprache')).toHaveValue('de_DE');

  // The choice is stored: it survives a reload.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByText('Benutzer', { exact: true })).toBeVisible();

  // Back to English and the previous (empty) name.
  await page.getByLabel('Vorname').fill('');
  await page.getByLabel('Nachname').fill('');
  await page.getByLabel('Sprache').selectOption('en_US');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Users', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'sysadmin@starling.local' })).toBeVisible();
});
