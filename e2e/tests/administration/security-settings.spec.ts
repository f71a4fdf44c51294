import { expect, test } from '@playwright/test';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, createSettledUser, signInToApi } from '../../support/api.js';

const POLICY_OWNER = { username: 'policy-owner@starling.local', password: 'Quiet-harbour-5' };
let storedSettings: unknown;

test.beforeAll(async () => {
  const adminToken = await signInToApi(OPERATOR.username, OPERATOR.password);
  storedSettings = await callApi('GET', '/api/admin/securitySettings', undefined, adminToken);
  await createSettledUser(adminToken, POLICY_OWNER.username, POLICY_OWNER.password);
});

test.afterAll(async () => {
  // The journeys after this one run with the policy they started with.
  const adminToken = await signInToApi(OPERATOR.username, OPERATOR.password);
  await callApi('POST', '/api/admin/securitySettings', storedSettings, adminToken);
});

test('a stricter password policy saved on the Security page is listed and enforced when a user changes a password', async ({ page, browser }) => {
  await openConsoleAs(page, OPERATOR);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('System settings', { exact: true }).click();
  await menu.getByText('Security', { exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);

  // A minimum below the broker's floor is named under its field, and nothing is sent.
  const minimumLength = page.getByLabel('Minimum length');
  const save = page.getByRole('button', { name: 'Save' });
  await minimumLength.fill('4');
  await expect(page.getByText('Minimum length must be a whole number from 6 to 50.')).toBeVisible();
  await expect(save).toBeDisabled();

  await minimumLength.fill('12');
  await page.getByLabel('Minimum digits').fill('2');
  await save.click();
  await expect(page.getByText('Security settings saved.')).toBeVisible();
  // Stored: a reload shows the saved values.
  await page.reload();
  await expect(page.getByLabel('Minimum length')).toHaveValue('12');
  await expect(page.getByLabel('Minimum digits')).toHaveValue('2');

  // Another user changing a password sees the rules, and the console refuses a password that breaks one.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await openConsoleAs(userPage, POLICY_OWNER);
  await userPage.getByTestId('user-menu-button').click();
  await userPage.getByText('Profile', { exact: true }).click();
  await userPage.getByRole('button', { name: 'Change password' }).click();
  const dialog = userPage.getByRole('dialog');
  const rules = dialog.getByRole('list', { name: 'Password rules' });
  await expect(rules.getByText('12 to 72 characters')).toBeVisible();
  await expect(rules.getByText('at least 2 digits (0–9)')).toBeVisible();

  await dialog.getByLabel('Current password').fill(POLICY_OWNER.password);
  await dialog.getByLabel('New password', { exact: true }).fill('Harbour-lights-7');
  await dialog.getByLabel('New password again').fill('Harbour-lights-7');
  await expect(rules.getByText('12 to 72 characters')).toHaveAttribute('data-kept', 'true');
  await expect(rules.getByText('at least 2 digits (0–9)')).toHaveAttribute('data-kept', 'false');
  await dialog.getByTestId('change-password-submit').click();
  await expect(dialog.getByText('The password does not meet the password policy: at least 2 digits (0–9).')).toBeVisible();

  await dialog.getByLabel('New password', { exact: true }).fill('Harbour-lights-77');
  await dialog.getByLabel('New password again').fill('Harbour-lights-77');
  await dialog.getByTestId('change-password-submit').click();
  await expect(userPage.getByText('Password changed successfully.')).toBeVisible();
  await context.close();

  // The broker holds the new password.
  await signInToApi(POLICY_OWNER.username, 'Harbour-lights-77');
});
