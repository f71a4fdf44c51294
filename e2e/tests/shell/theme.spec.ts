import { expect, type Page, test } from '@playwright/test';
import { type Account, OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, createSettledUser, signInToApi } from '../../support/api.js';

const THEME_OWNER: Account = { username: 'theme-owner@starling.local', password: 'Night-shift-31' };

test.beforeAll(async () => {
  // Once per run: a worker started again after a failure finds the user there.
  if (await signInToApi(THEME_OWNER.username, THEME_OWNER.password).catch(() => null)) return;
  const adminToken = await signInToApi(OPERATOR.username, OPERATOR.password);
  await createSettledUser(adminToken, THEME_OWNER.username, THEME_OWNER.password);
});

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('bp6-dark'));
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BACKGROUND = 'rgb(28, 33, 39)';
const LIGHT_BACKGROUND = 'rgb(246, 247, 249)';

test("the profile's theme switch: dark at once, remembered by the browser and applied before the console's code runs; System follows the OS", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openConsoleAs(page, THEME_OWNER);
  await page.goto('/profile');
  const themes = page.getByRole('radiogroup', { name: 'Theme' });
  await expect(themes.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(false);

  await themes.getByRole('radio', { name: 'Dark' }).click();
  await expect(themes.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(true);
  expect(await pageBackground(page)).toBe(DARK_BACKGROUND);
  // Kept with the account too, for a browser that has no choice of its own.
  await expect
    .poll(async () => {
      const user = await callApi<{ additionalInfo?: { config?: { theme?: string } } }>('GET', '/api/auth/user', undefined, await signInToApi(THEME_OWNER.username, THEME_OWNER.password));
      return user.additionalInfo?.config?.theme;
    })
    .toBe('dark');

  // A reload with the console's code held back: the page is dark already (no light flash).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.body !== null);
  expect(await isDark(page)).toBe(true);
  expect(await pageBackground(page)).toBe(DARK_BACKGROUND);
  release();
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');

  // Light holds against a dark system; System follows it, live.
  await themes.getByRole('radio', { name: 'Light' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await isDark(page)).toBe(false);
  await themes.getByRole('radio', { name: 'System' }).click();
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  expect(await pageBackground(page)).toBe(LIGHT_BACKGROUND);
});

test("a browser without a choice of its own takes the account's theme at sign-in", async ({ browser }) => {
  const token = await signInToApi(THEME_OWNER.username, THEME_OWNER.password);
  type Profile = { id: string; createdTime: number; email: string; firstName: string | null; lastName: string | null; additionalInfo?: Record<string, unknown> | null };
  const { id, createdTime, email, firstName, lastName, additionalInfo } = await callApi<Profile>('GET', '/api/auth/user', undefined, token);
  // As the profile page saves it: the user's own fields, the theme in the console's preferences.
  await callApi('POST', '/api/admin', { id, createdTime, email, firstName, lastName, additionalInfo: { ...additionalInfo, config: { theme: 'dark' } } }, token);

  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await openConsoleAs(page, THEME_OWNER);
  await expect.poll(() => isDark(page)).toBe(true);
  await page.goto('/login');
  expect(await isDark(page)).toBe(true);
  await context.close();
});
