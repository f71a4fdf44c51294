import { expect, test } from '@playwright/test';
import { DEFAULT_ADMIN, signIn } from '../../support/accounts.js';
import { type ExtraBroker, startExtraBroker } from '../../support/extra-broker.js';

const ACCESS_TOKEN_KEY = 'starling_jwt_token';

// A fresh broker of its own: only the first start has an account with the default password.
test.describe.configure({ timeout: 60_000 });
let broker: ExtraBroker;
test.beforeEach(async () => {
  broker = await startExtraBroker({}, { keepDefaultPassword: true });
});
// A broker that failed to start has stopped already.
test.afterEach(() => broker?.stop());

/** A call straight to the broker's API with a token, as any client could make it: its status and error code. */
async function callWith(token: string, path: string): Promise<{ status: number; errorCode: number | undefined }> {
  const response = await fetch(`${broker.baseUrl}${path}`, { headers: { 'X-Authorization': `Bearer ${token}` } });
  const body = (await response.json()) as { errorCode?: number };
  return { status: response.status, errorCode: body.errorCode };
}

test('the default administrator must replace the default password before using the console', async ({ page }) => {
  await page.goto(`${broker.baseUrl}/users`);
  await signIn(page, DEFAULT_ADMIN);

  const forced = page.getByTestId('forced-password-change');
  await expect(forced.getByRole('heading', { name: 'Change default password' })).toBeVisible();
  // The broker enforces it too: the token of this sign-in cannot be used for anything else.
  const firstToken = (await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY)) ?? '';
  expect(await callWith(firstToken, '/api/admin?pageSize=10&page=0')).toEqual({ status: 403, errorCode: 21 });
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
  // The change ended the first session: its token is refused now, the new one works.
  expect(await callWith(firstToken, '/api/auth/user')).toEqual({ status: 401, errorCode: 11 });
  const newToken = (await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY)) ?? '';
  expect((await callWith(newToken, '/api/admin?pageSize=10&page=0')).status).toBe(200);

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('logout').click();
  await signIn(page, DEFAULT_ADMIN);
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await signIn(page, { ...DEFAULT_ADMIN, password: 'Harbour-lights-42' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByTestId('forced-password-change')).toHaveCount(0);
});
