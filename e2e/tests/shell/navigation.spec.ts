import { expect, test } from '@playwright/test';
import { OPERATOR, signIn } from '../../support/accounts.js';

declare global {
  interface Window {
    spinnersShown?: number;
  }
}

test('the side menu replaces one page by the next without a loading spinner in between', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, OPERATOR);
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');

  // Count every page-loading spinner put into the document from now on.
  await page.evaluate(() => {
    window.spinnersShown = 0;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of Array.from(mutation.addedNodes)) {
          if (node instanceof Element && (node.matches('.page-loading') || node.querySelector('.page-loading'))) window.spinnersShown! += 1;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const visits = [
    { entry: 'Users', url: /\/users$/, title: 'Starling | Users' },
    { entry: 'Sessions', url: /\/sessions$/, title: 'Starling | Sessions' },
    { entry: 'Monitoring', url: /\/monitoring$/, title: 'Starling | Monitoring' },
    { entry: 'Home', url: /\/home$/, title: 'Starling | Home' },
  ];
  for (const visit of visits) {
    await menu.getByText(visit.entry, { exact: true }).click();
    await expect(page).toHaveURL(visit.url);
    await expect(page).toHaveTitle(visit.title);
  }
  await expect(page.getByTestId('broker-version')).toContainText('1.3.0');
  expect(await page.evaluate(() => window.spinnersShown)).toBe(0);
});
