import { expect, type Page, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { type Account, OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, createMqttCredentials, signInToApi } from '../../support/api.js';
import { e2eBroker } from '../../support/broker-settings.js';
import { connectMqttClient } from '../../support/mqtt-client.js';

// Issue 31, roles: a read-only account sees every page and changes nothing there; its own workspace
// (the web-socket client) and its own profile stay its to change (openapi.yaml "Changes and roles").

const VIEWER: Account = { username: 'viewer.read-only@starling.local', password: 'Viewer-e2e-pass' };
const RUN = Date.now().toString(36);
const CREDENTIALS_USERNAME = `read-only-${RUN}`;
const RETAINED_TOPIC = `read-only/${RUN}/state`;

/**
 * What a button or switch that changes something is called in English: a read-only account must
 * find every one of them disabled (or absent). "Edit" is not among them: an edit dialog opens to be
 * read, its fields and its save button disabled.
 */
const CHANGE_ACTION = /^(add|create|delete|remove|save|disconnect|restart|clear events|block|sign in as|send test mail|move (up|down)|edit rules|rename)\b/i;

/** Every page of the side menu, with what it holds for the read-only account to be refused. */
const PAGES: { path: string; disabledActions: number }[] = [
  { path: '/home', disabledActions: 0 },
  { path: '/sessions', disabledActions: 1 },
  { path: '/subscriptions', disabledActions: 0 },
  { path: '/client-credentials', disabledActions: 3 },
  { path: '/client-credentials?tab=unauthorized', disabledActions: 1 },
  { path: '/client-credentials?tab=blocked', disabledActions: 2 },
  { path: '/client-credentials?tab=simulator', disabledActions: 0 },
  { path: '/authentication/providers', disabledActions: 5 },
  { path: '/retained-messages', disabledActions: 1 },
  { path: '/shared-subscriptions/manage', disabledActions: 0 },
  { path: '/shared-subscriptions/applications', disabledActions: 1 },
  { path: '/integrations', disabledActions: 1 },
  { path: '/kafka/topics', disabledActions: 0 },
  { path: '/kafka/consumer-groups', disabledActions: 0 },
  { path: '/monitoring', disabledActions: 1 },
  { path: '/users', disabledActions: 2 },
  { path: '/settings/outgoing-mail', disabledActions: 2 },
  { path: '/settings/security', disabledActions: 1 },
  { path: '/profile', disabledActions: 0 },
];

let device: MqttClient | undefined;
let credentialsId: string | undefined;

test.beforeAll(async () => {
  const admin = await signInToApi(OPERATOR.username, OPERATOR.password);
  // The read-only account, with a password of its own (changed once, as the read-only account may).
  await callApi('POST', '/api/admin', { email: VIEWER.username, firstName: 'Vera', lastName: 'Viewer', role: 'READ_ONLY', password: `${VIEWER.password}-first` }, admin).catch(
    (error: Error) => {
      // A second run on the same broker finds it there already.
      if (!/409/.test(error.message)) throw error;
    },
  );
  const viewerToken = await signInToApi(VIEWER.username, `${VIEWER.password}-first`).catch(() => undefined);
  if (viewerToken) await callApi('POST', '/api/auth/changePassword', { currentPassword: `${VIEWER.password}-first`, newPassword: VIEWER.password }, viewerToken);

  // Something on each list to be refused: credentials, a connected session with a retained message,
  // a blocked client and an unauthorized client.
  credentialsId = await createMqttCredentials(admin, { name: `Read-only ${RUN}`, username: CREDENTIALS_USERNAME, password: 'device-pass' });
  device = await connectMqttClient(`read-only-device-${RUN}`, { username: CREDENTIALS_USERNAME, password: 'device-pass' });
  await device.publishAsync(RETAINED_TOPIC, 'on', { qos: 1, retain: true });
  await callApi('POST', '/api/blockedClient', { type: 'CLIENT_ID', clientId: `blocked-${RUN}` }, admin);
  await connectMqttClient(`intruder-${RUN}`, { username: CREDENTIALS_USERNAME, password: 'wrong-pass' }).then(
    (client) => client.endAsync(),
    () => undefined,
  );
});

// The credentials close AUTO anonymous access for the spec files after this one: deleted again here,
// with the blocked client.
test.afterAll(async () => {
  await device?.endAsync();
  const admin = await signInToApi(OPERATOR.username, OPERATOR.password);
  if (credentialsId) await callApi('DELETE', `/api/mqtt/client/credentials/${credentialsId}`, undefined, admin);
  await callApi('DELETE', `/api/blockedClient?type=CLIENT_ID&value=${encodeURIComponent(`blocked-${RUN}`)}`, undefined, admin);
});

/** Waits until the page shows its actions: as many disabled ones as it holds for a read-only account, or its calls done. */
async function pageShown(page: Page, disabledActions: number): Promise<void> {
  if (disabledActions > 0) await expect.poll(() => page.locator('[data-read-only-action]').count()).toBeGreaterThanOrEqual(disabledActions);
  else await page.waitForLoadState('networkidle');
}

test('a read-only account visits every page and finds no change it can make', async ({ page }) => {
  // Nineteen pages, each waited for until it shows: the journey's own room on a busy machine.
  test.setTimeout(300_000);
  await openConsoleAs(page, VIEWER);
  await expect(page.getByTestId('user-menu-button')).toContainText('Read-only');
  for (const { path, disabledActions } of PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await pageShown(page, disabledActions);
      await expect(page.getByRole('dialog', { name: 'Access forbidden' })).toHaveCount(0);
      // No button or switch that changes something is enabled…
      await expect(page.getByRole('button', { name: CHANGE_ACTION, disabled: false }), path).toHaveCount(0);
      await expect(page.locator('.bp6-switch input:enabled'), path).toHaveCount(0);
      // …and each refused one says why.
      for (const wrapper of await page.locator('[data-read-only-action]').all()) {
        await expect(wrapper.locator('button, input, select').first()).toBeDisabled();
      }
    });
  }

  // The reason shows on hover.
  await page.goto('/users');
  const reason = page.getByText('Your account is read-only: it cannot change this.');
  await expect(reason).toHaveCount(0);
  await page.locator('[data-read-only-action]').filter({ has: page.getByTestId('add-user') }).hover();
  await expect(reason).toBeVisible();
});

test("a read-only account's edit dialogs open to be read, and its own workspace stays its own", async ({ page }) => {
  await openConsoleAs(page, VIEWER);
  await page.goto('/client-credentials');
  const row = page.getByTestId('credentials-row').filter({ hasText: `Read-only ${RUN}` });
  await row.getByRole('button', { name: `Edit Read-only ${RUN}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/^Name/).first()).toHaveValue(`Read-only ${RUN}`);
  await expect(dialog.getByLabel(/^Name/).first()).toBeDisabled();
  await expect(dialog.getByTestId('credentials-dialog-save')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The web-socket client is the account's own: it adds a connection of its own.
  await page.goto('/ws-client');
  await expect(page.getByTestId('ws-connection-add')).toBeEnabled();
});

test('an administrator finds the same actions enabled (the check above can fail)', async ({ page }) => {
  await openConsoleAs(page, OPERATOR);
  for (const path of ['/users', '/client-credentials', '/settings/outgoing-mail']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: CHANGE_ACTION, disabled: false }).first(), path).toBeVisible();
    await expect(page.locator('[data-read-only-action]')).toHaveCount(0);
  }
});

test('a public session is sent from the profile to home and meets the forbidden dialog on an administrator page before it loads', async ({ page }) => {
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/admin') adminCalls.push(request.url());
  });
  await page.goto(`/login?publicId=${e2eBroker.publicId}`);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/users');
  await expect(page.getByRole('dialog', { name: 'Access forbidden' })).toBeVisible();
  await expect(page.getByTestId('route-forbidden')).toBeVisible();
  // Checked before the page: the users page never asked the broker for its list.
  expect(adminCalls).toEqual([]);
});
