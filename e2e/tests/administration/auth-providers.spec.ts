import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { OPERATOR, openConsoleAs } from '../../support/accounts.js';
import { callApi, signInToApi } from '../../support/api.js';
import { connectMqttClient } from '../../support/mqtt-client.js';

const SECRET = 'e2e-shared-secret-of-at-least-32-bytes';

/** An HS256 token as an identity provider signs one. */
function hs256(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

interface Provider {
  id: string;
  enabled: boolean;
  configuration: Record<string, unknown>;
}
let storedJwt: Provider;

test.beforeAll(async () => {
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  storedJwt = await callApi<Provider>('GET', '/api/mqtt/auth/provider/type/JWT', undefined, token);
});

test.afterAll(async () => {
  // The journeys after this one run with JWT off, as they found it.
  const token = await signInToApi(OPERATOR.username, OPERATOR.password);
  if (!storedJwt.enabled) await callApi('POST', `/api/mqtt/auth/provider/${storedJwt.id}/disable`, undefined, token);
});

test('an operator sets up JWT on the Providers page, tests a token in the dialog, turns it on, and a device connects with its token', async ({ page }) => {
  await openConsoleAs(page, OPERATOR);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Authentication', { exact: true }).click();
  await menu.getByText('Providers', { exact: true }).click();
  await expect(page).toHaveURL(/\/authentication\/providers$/);

  await page.getByRole('button', { name: 'Edit JWT' }).click();
  const dialog = page.getByRole('dialog');
  const secret = dialog.getByLabel(/^Secret/);
  await secret.fill('too-short');
  await expect(dialog.getByText('The secret must have at least 32 bytes (UTF-8); it has 9.')).toBeVisible();
  await secret.fill(SECRET);

  // The dialog checks a token against the settings before they are saved.
  const token = hs256({ sub: 'e2e-jwt-device', exp: inSeconds(3600) });
  await dialog.getByLabel(/^Token/).fill(token);
  await dialog.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(dialog.getByText('Allowed', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Provider saved.')).toBeVisible();

  await page.getByLabel('JWT enabled', { exact: true }).check({ force: true });
  await expect.poll(async () => (await callApi<Provider>('GET', '/api/mqtt/auth/provider/type/JWT', undefined, await signInToApi(OPERATOR.username, OPERATOR.password))).enabled).toBe(true);

  // A device with the token gets in; one with an expired token is refused (a token sent is never taken as anonymous).
  const device = await connectMqttClient('e2e-jwt-device', { username: 'e2e-jwt-device', password: token, protocolVersion: 5 });
  expect(device.connected).toBe(true);
  await device.endAsync();
  const refused = await connectMqttClient('e2e-jwt-late', { username: 'e2e-jwt-late', password: hs256({ exp: inSeconds(-60) }), protocolVersion: 5 }).then(
    () => 'connected',
    (error: { code?: number }) => error.code,
  );
  expect(refused).toBe(0x86);
});
