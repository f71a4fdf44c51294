import { expect, type Page } from '@playwright/test';

/** The administrator every fresh broker has (ARCHITECTURE.md "Ports, configuration, data"). */
export const DEFAULT_ADMIN = { username: 'sysadmin@starling.local', password: 'sysadmin' };

/** Signs in through the login form, as sign-in.spec.ts does, and waits for the shell. */
export async function signInAsDefaultAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username (email)').fill(DEFAULT_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
}
