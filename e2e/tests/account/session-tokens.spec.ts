import { expect, test } from '@playwright/test';
import jwt from 'jsonwebtoken';
import { OPERATOR, signIn } from '../../support/accounts.js';
import { e2eBroker } from '../../support/broker-settings.js';

const ACCESS_TOKEN_KEY = 'starling_jwt_token';

test('an access token the broker finds expired is renewed silently and the call repeated', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, OPERATOR);
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');
  // Home shows its counters before its charts ask for their points: the token is replaced once
  // those calls are answered too, so that only the next page's calls meet it (a chart's call still
  // on its way could be superseded by its own next one, under another query, and never repeated).
  await expect(page.locator('[data-testid^="home-chart-"] [data-drawn]')).toHaveCount(4);

  // Replace the stored access token by one that expired a minute ago, while the console still
  // believes it valid: only the broker's 401 (code 11) can tell.
  const stored = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  const claims = jwt.decode(stored ?? '') as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const expired = jwt.sign({ ...claims, iat: now - 120, exp: now - 60 }, e2eBroker.jwtSecret);
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [ACCESS_TOKEN_KEY, expired] as const);

  // Every API answer from here on, by path and query. Whichever calls meet the expired token first (those of
  // the page opened next), each must be answered 401 and then, repeated with the renewed token, 200.
  const answers: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const { pathname, search } = new URL(response.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/auth/token')) answers.push({ path: `${pathname}${search}`, status: response.status() });
  });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Sessions', { exact: true }).click();
  await expect(page).toHaveURL(/\/sessions$/);

  await expect.poll(() => answers.filter((answer) => answer.status === 401).length).toBeGreaterThan(0);
  const refusedPaths = [...new Set(answers.filter((answer) => answer.status === 401).map((answer) => answer.path))];
  for (const path of refusedPaths) {
    await expect.poll(() => answers.filter((answer) => answer.path === path).map((answer) => answer.status).slice(0, 2)).toEqual([401, 200]);
  }
  expect(answers.every((answer) => answer.status === 200 || answer.status === 401)).toBe(true);

  await menu.getByText('Home', { exact: true }).click();
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');
  await expect(page).toHaveURL(/\/home$/);
  const renewed = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  expect(renewed).not.toBe(expired);
});
