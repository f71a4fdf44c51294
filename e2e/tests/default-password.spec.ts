import { expect, test } from '@playwright/test';
import { DEFAULT_ADMIN, signIn } from '../support/accounts.js';

test('the default administrator must replace the default password before using the console', async ({ page }) => {
  await page.goto('/users');
  await signIn(page, DEFAULT_ADMIN);

  const forced = page.getByTestId('forced-password-change');
  await expect(forced.getByRole('heading', { name: 'Change default password' })).toBeVisible();
  // The current password is the default one: not asked for.
  await expect(forced.getByLabel('Current password')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  await forced.getByLabel('New password', { exact: true }).fill('Harbour-lights-42');
  await forced.getByLabel('New password again').fill('Harbour-lights-24');
  await forced.getByTestId('change-password-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Entered passwords must be the same!' })).toBeVisible();
  await expect(forced).toBeVisible();

  await forced.getByLabel('New password again').fill('Harbour-lights-42');
  await forced.getByTestId('change-password-submit').click();
  // The remembered page opens once the password is changed.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('logout').click();
  await signIn(page, DEFAULT_ADMIN);
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await signIn(page, { ...DEFAULT_ADMIN, password: 'Harbour-lights-42' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByTestId('forced-password-change')).toHaveCount(0);
});
