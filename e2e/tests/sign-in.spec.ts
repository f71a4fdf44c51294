import { expect, test, type Page } from '@playwright/test';

const ADMIN = { username: 'sysadmin@starling.local', password: 'sysadmin' };

async function signIn(page: Page, password = ADMIN.password): Promise<void> {
  await page.getByLabel('Username (email)').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('the default administrator signs in and sees the shell with every menu entry', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);

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
  await signIn(page, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('a deep link survives sign-in, and logout returns to the login page', async ({ page }) => {
  await page.goto('/retained-messages');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/retained-messages$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Retained messages');

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});
