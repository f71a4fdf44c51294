import { expect, test } from '@playwright/test';
import { e2eBroker } from '../../support/broker-settings.js';

test('a public session that calls an administration API gets the forbidden dialog, whose sign-in logs out', async ({ page }) => {
  await page.goto(`/login?publicId=${e2eBroker.publicId}`);
  // Signed in by the public id, which then leaves the URL.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');
  // Spec section 6: the side menu is for the system administrator only.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveCount(0);

  await page.goto('/settings/outgoing-mail');
  const dialog = page.getByRole('dialog', { name: 'Access forbidden' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await dialog.getByTestId('forbidden-sign-in').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username (email)')).toBeVisible();
});

test('a public id the broker does not know is refused with a message and removed from the URL', async ({ page }) => {
  await page.goto('/login?publicId=not-the-lobby');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid public id' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
