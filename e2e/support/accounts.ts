import { expect, type Page } from '@playwright/test';

export interface Account {
  username: string;
  password: string;
}

/**
 * The default administrator, with its default password: a fresh node's. Only the forced-change journey
 * signs in with it, on a broker of its own (the global setup deletes the run broker's).
 */
export const DEFAULT_ADMIN: Account = { username: 'sysadmin@starling.local', password: 'sysadmin' };

/** An administrator the global setup creates with a settled password, for every other journey. */
export const OPERATOR: Account = { username: 'operator@starling.local', password: 'Operator-e2e-pass' };

/** Fills the login form and submits it. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Username (email)').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens the login page, signs in and waits for home. */
export async function openConsoleAs(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/home$/);
}
