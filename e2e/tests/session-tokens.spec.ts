import { expect, test } from '@playwright/test';
import jwt from 'jsonwebtoken';
import { OPERATOR, signIn } from '../support/accounts.js';
import { e2eBroker } from '../support/broker-settings.js';

const ACCESS_TOKEN_KEY = 'starling_jwt_token';

test('an access token the broker finds expired is renewed silently and the call repeated', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, OPERATOR);
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');

  // Replace the stored access token by one that expired a minute ago, while the console still
  // believes it valid: only the broker's 401 (code 11) can tell.
  const stored = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  const claims = jwt.decode(stored ?? '') as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const expired = jwt.sign({ ...claims, iat: now - 120, exp: now - 60 }, e2eBroker.jwtSecret);
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [ACCESS_TOKEN_KEY, expired] as const);

  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/system/info')) answers.push(response.status());
  });
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Sessions', { exact: true }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Home', { exact: true }).click();

  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');
  await expect.poll(() => answers).toEqual([401, 200]);
  await expect(page).toHaveURL(/\/home$/);
  const renewed = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  expect(renewed).not.toBe(expired);
});
