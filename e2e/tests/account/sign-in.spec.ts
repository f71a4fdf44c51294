import { expect, test } from '@playwright/test';
import { OPERATOR, openConsoleAs, signIn } from '../../support/accounts.js';
import { e2eBroker } from '../../support/broker-settings.js';

test('an administrator signs in and sees the shell with every menu entry', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, OPERATOR);

  await expect(page).toHaveURL(/\/home$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const entry of ['Home', 'Sessions', 'Client credentials', 'Web socket client', 'Retained messages', 'Shared subscriptions', 'Kafka', 'Monitoring', 'Users', 'System settings']) {
    await expect(menu.getByText(entry, { exact: true })).toBeVisible();
  }
  // The home page reads the broker's version through the generated client.
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');
  await expect(page).toHaveTitle('Starling | Home');
});

test('a wrong password is refused with the broker message and no navigation', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, { ...OPERATOR, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('a deep link survives sign-in, and logout returns to the login page', async ({ page }) => {
  await page.goto('/retained-messages');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(/\/retained-messages$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Retained messages');

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('a username that is not an e-mail is refused before anything is sent', async ({ page }) => {
  await page.goto('/login');
  let signInCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/login')) signInCalls += 1;
  });
  await signIn(page, { username: 'operator', password: 'whatever' });
  await expect(page.getByText('Invalid email format.')).toBeVisible();
  await expect(page.getByLabel('Username (email)')).toHaveAttribute('aria-invalid', 'true');
  expect(signInCalls).toBe(0);
});

test('sign-in by username and password in the URL, which are then removed from it', async ({ page }) => {
  const query = new URLSearchParams({ username: OPERATOR.username, password: OPERATOR.password });
  await page.goto(`/monitoring?${query}`);
  await expect(page).toHaveURL(/\/monitoring$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Monitoring');
});

test('a loginError parameter shows the login error dialog and leaves the URL', async ({ page }) => {
  await page.goto('/login?loginError=Your%20identity%20provider%20refused%20the%20sign-in');
  const dialog = page.getByRole('dialog', { name: 'Login error' });
  await expect(dialog).toContainText('Your identity provider refused the sign-in');
  await expect(page).toHaveURL(/\/login$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a sign-in link opened while signed in asks before it replaces the session', async ({ page }) => {
  await openConsoleAs(page, OPERATOR);
  await page.goto(`/home?publicId=${e2eBroker.publicId}`);
  const ask = page.getByRole('dialog', { name: 'Sign in with this link?' });
  await ask.getByRole('button', { name: 'Keep my session' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Still the administrator: the side menu is theirs.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' })).toBeVisible();

  await page.goto(`/home?publicId=${e2eBroker.publicId}`);
  await ask.getByRole('button', { name: 'Sign in with the link' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // The public session: no side menu links.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveCount(0);
});

test("the sign-in page fetches the home page's code while it shows, and looks the same once the console's stylesheets arrive", async ({ browser, page }) => {
  // Without the shell: the page as it first shows.
  const bare = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const barePage = await bare.newPage();
  await barePage.route(/\/assets\/shell-[^/]*\.(js|css)$/, (route) => route.abort());
  await barePage.goto('/login');
  await expect(barePage.getByLabel('Username (email)')).toBeFocused();
  await barePage.waitForLoadState('networkidle');
  const before = await barePage.screenshot();
  await bare.close();

  // With it: the home page's code arrives before anything is typed, and nothing on the page moves.
  const homeCode = page.waitForRequest(/\/assets\/home-page-[^/]*\.js$/);
  await page.goto('/login');
  await homeCode;
  await expect(page.getByLabel('Username (email)')).toBeFocused();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => Array.from(document.styleSheets, (sheet) => sheet.href ?? '').some((href) => href.includes('/assets/shell-')))).toBe(true);
  expect((await page.screenshot()).equals(before)).toBe(true);

  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(/\/home$/);
});
