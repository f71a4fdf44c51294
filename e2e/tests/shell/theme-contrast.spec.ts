import { expect, type Page, test } from '@playwright/test';
import { OPERATOR, signIn } from '../../support/accounts.js';
import { contrastViolations } from '../../support/contrast.js';

// Every page of the side menu, with the sign-in and password-reset pages before them (issue 31:
// both themes meet WCAG AA for text).
const PUBLIC_PAGES = ['/login', '/login/resetPasswordRequest'];
const PAGES = [
  '/home',
  '/sessions',
  '/subscriptions',
  '/client-credentials',
  '/authentication/providers',
  '/ws-client',
  '/retained-messages',
  '/shared-subscriptions/manage',
  '/shared-subscriptions/applications',
  '/integrations',
  '/kafka/topics',
  '/kafka/consumer-groups',
  '/monitoring',
  '/users',
  '/settings/outgoing-mail',
  '/settings/security',
  '/profile',
];

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('bp6-dark'));

async function settled(page: Page): Promise<void> {
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('.bp6-spinner')).toHaveCount(0);
  // Blueprint's transitions fade colours in: measured after they end.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every page's text keeps AA contrast in the ${scheme} theme (the system's, no choice made)`, async ({ page }) => {
    // Nineteen pages, each checked whole: more than a journey's minute on a busy machine.
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    const check = async (path: string) => {
      await settled(page);
      expect(await isDark(page)).toBe(scheme === 'dark');
      found.push(...(await contrastViolations(page)).map((violation) => `${path} ${violation}`));
    };

    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('.login-layout')).toBeVisible();
      await check(path);
    }
    await page.goto('/login');
    await signIn(page, OPERATOR);
    await expect(page).toHaveURL(/\/home$/);
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      await check(path);
    }
    // Portals: the user menu's popover and a dialog opened from it.
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check('/profile (user menu)');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('/profile (change-password dialog)');

    expect(found).toEqual([]);
  });
}
