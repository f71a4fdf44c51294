import { expect, test } from '@playwright/test';
import { OPERATOR, signIn } from '../support/accounts.js';

declare global {
  interface Window {
    policyViolations?: string[];
  }
}

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
  await page.addInitScript(() => {
    window.policyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.policyViolations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const policyMessages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) policyMessages.push(message.text());
  });

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
  expect(await page.evaluate(() => window.policyViolations)).toEqual([]);
  expect(policyMessages).toEqual([]);
});
