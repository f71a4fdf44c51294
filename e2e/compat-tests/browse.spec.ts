import { expect, type Page, test } from '@playwright/test';
import { openConsoleAs } from '../support/accounts.js';
import { compatSettings } from '../support/compat-settings.js';

/**
 * Every page of the console, opened as an operator would in front of a production broker: it stays
 * the page (never replaced whole by "Not available on this broker"), raises no error toast and no
 * script error while just browsing, and shows the broker's data. With the recorded TBMQ 2.3.0
 * answers the data is known, and each page must show a piece of it.
 */
interface Visit {
  path: string;
  /** A text of the recorded TBMQ answers the page shows (checked when the recordings answer). */
  recorded?: string;
}

const VISITS: Visit[] = [
  { path: '/home' },
  { path: '/sessions', recorded: 'dev-v311-live' },
  { path: '/subscriptions', recorded: 'dev-v5-live' },
  { path: '/client-credentials', recorded: 'dev1-creds' },
  { path: '/ws-client', recorded: 'WebSocket Default Connection' },
  { path: '/retained-messages', recorded: 'retained/v5/props' },
  { path: '/shared-subscriptions/manage', recorded: 'shared/topic/#' },
  { path: '/shared-subscriptions/applications', recorded: 'app-shared-1' },
  { path: '/integrations' },
  { path: '/kafka/topics', recorded: 'tbmq.client.session' },
  { path: '/kafka/consumer-groups', recorded: 'ie-uplink-consumer-group' },
  { path: '/monitoring' },
  { path: '/users', recorded: 'olga.operator@example.com' },
  { path: '/settings/outgoing-mail' },
  { path: '/profile', recorded: 'sysadmin@thingsboard.org' },
];

/** Script errors and error toasts seen on the page from now on. */
function watchForTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('pageerror', (error) => trouble.push(`script error: ${error.message}`));
  return trouble;
}

test.describe('the console in front of a production broker', () => {
  test('signs in as the broker’s administrator without the forced password change coming back', async ({ page }) => {
    await openConsoleAs(page, compatSettings);
    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.locator('.forced-password-change__card')).toHaveCount(0);
  });

  for (const visit of VISITS) {
    test(`${visit.path} shows the broker’s data`, async ({ page }) => {
      const trouble = watchForTrouble(page);
      await openConsoleAs(page, compatSettings);
      await page.goto(visit.path);
      // Still the page asked for (not a redirect to sign-in): a page may add its own query, as the
      // web-socket client does with the connection it opened (`?connection=`).
      await expect(page).toHaveURL(new RegExp(`^https?://[^/]+${visit.path}(\\?[^/]*)?$`));
      // The shell with the page, not the forced password change or a blank page.
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      await expect(page).toHaveTitle(/^Starling \| \S/);
      if (compatSettings.replayed && visit.recorded) {
        const shown = page.getByText(visit.recorded, { exact: false }).or(page.locator(`input[value="${visit.recorded}"]`));
        await expect(shown.first()).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.page-availability')).toHaveCount(0);
      await expect(page.locator('.toast--error')).toHaveCount(0);
      expect(trouble).toEqual([]);
    });
  }
});
