import { expect, test } from '@playwright/test';
import { OPERATOR, signIn } from '../../support/accounts.js';
import { watchPolicyViolations } from '../../support/policy-violations.js';

// Every page of the side menu, and the help drawer's markdown: what the console loads and runs
// must all be allowed by the broker's Content-Security-Policy (no inline script, no framing).
const PAGES = [
  '/home',
  '/sessions',
  '/client-credentials',
  '/ws-client',
  '/retained-messages',
  '/shared-subscriptions/manage',
  '/shared-subscriptions/applications',
  '/kafka/topics',
  '/kafka/consumer-groups',
  '/monitoring',
  '/users',
  '/settings/outgoing-mail',
  '/profile',
];

test('the console works under its Content-Security-Policy: no page breaks a directive', async ({ page }) => {
  const violations = await watchPolicyViolations(page);

  const answer = await page.goto('/login');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("frame-ancestors 'none'");

  await signIn(page, OPERATOR);
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('.page-loading')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  }
  await violations.check();
});
