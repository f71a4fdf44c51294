import { expect, test } from '@playwright/test';
import { OPERATOR, signIn } from '../../support/accounts.js';

test.describe('on a 1280 px wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the side menu is fixed and open at 250 px, with breadcrumbs in the toolbar', async ({ page }) => {
    await page.goto('/shared-subscriptions/applications');
    await signIn(page, OPERATOR);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    const aside = await page.locator('.shell__aside').boundingBox();
    expect(aside?.width).toBe(250);
    expect(aside?.x).toBe(0);
    await expect(page.getByTestId('side-menu-open')).toHaveCount(0);
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(breadcrumbs).toContainText('Shared subscriptions');
    await expect(breadcrumbs).toContainText('Applications');
    await expect(page).toHaveTitle('Starling | Applications');
    await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()));
  });
});

test.describe('on a 500 px wide screen', () => {
  test.use({ viewport: { width: 500, height: 800 } });

  test('the side menu is an overlay opened from the toolbar, and the last breadcrumb is the title', async ({ page }) => {
    await page.goto('/shared-subscriptions/applications');
    await signIn(page, OPERATOR);
    await expect(page.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveCount(0);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toHaveCount(0);

    await page.getByTestId('side-menu-open').click();
    await expect(menu).toBeVisible();
    await menu.getByText('Monitoring', { exact: true }).click();
    // Choosing a page closes the overlay.
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Monitoring', level: 1 })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Wide tables scroll inside their box; the page itself never scrolls sideways.
    for (const path of ['/users', '/sessions', '/client-credentials']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('table, .bp6-non-ideal-state').first()).toBeVisible();
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
  });
});
