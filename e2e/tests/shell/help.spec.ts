import { expect, test } from '@playwright/test';
import { OPERATOR, signIn } from '../../support/accounts.js';

test("a page's help button opens its help, served by the console itself", async ({ page }) => {
  await page.goto('/users');
  await signIn(page, OPERATOR);
  await page.getByRole('button', { name: 'Open help' }).click();
  // The users page's help, rendered from web/public/help/en_US/users.md.
  const helpSection = page.getByRole('heading', { name: 'Working with the list' });
  await expect(helpSection).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(helpSection).toBeHidden();
});
