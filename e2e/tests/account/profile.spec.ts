import { expect, test } from '@playwright/test';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { createSettledUser, signInToApi } from '../../support/api.js';

const PROFILE_OWNER = { username: 'profile-owner@starling.local', password: 'Quiet-harbour-5' };

test.beforeAll(async () => {
  // No names: the user menu shows the e-mail until the profile gives one.
  const adminToken = await signInToApi(OPERATOR.username, OPERATOR.password);
  await createSettledUser(adminToken, PROFILE_OWNER.username, PROFILE_OWNER.password, { firstName: '', lastName: '' });
});

test('the profile saves a new name, and a new language changes the whole console at once', async ({ page }) => {
  await openConsoleAs(page, PROFILE_OWNER);
  await page.getByTestId('user-menu-button').click();
  await page.getByText('Profile', { exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const save = page.getByRole('button', { name: 'Save' });
  await expect(page.getByLabel('Email')).toHaveValue(PROFILE_OWNER.username);
  await expect(save).toBeDisabled();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Language').selectOption('de_DE');
  await save.click();

  // The toast leaves the toolbar, whose breadcrumbs name the page, uncovered.
  const toast = page.getByTestId('toast').first();
  await expect(toast).toBeVisible();
  const toolbarBox = await page.locator('.toolbar').boundingBox();
  const toastBox = await toast.boundingBox();
  expect(toolbarBox && toastBox && toastBox.y >= toolbarBox.y + toolbarBox.height).toBe(true);

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
  await expect(page.getByRole('heading', { name: PROFILE_OWNER.username })).toBeVisible();
});
