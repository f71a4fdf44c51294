import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { OPERATOR, openConsoleAs, signIn } from '../support/accounts.js';
import { connectMqttClient } from '../support/mqtt-client.js';
import { proxyOrigins } from '../support/proxy-ports.js';
import { addDefaultConnection, roundTrip } from '../support/proxy-journeys.js';

// The console in upstream mode (scripts/console-server/upstream-console.mjs) in front of a second,
// bundled broker process: the browser talks to the console's origin only.
const RUN = Date.now();

let clients: MqttClient[] = [];
let servers: ChildProcess[] = [];
test.afterEach(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  clients = [];
  for (const server of servers) server.kill('SIGTERM');
  servers = [];
});

test('an administrator signs in and finds a session of the upstream broker, every call on the console’s origin', async ({ page }) => {
  const otherOrigins: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== proxyOrigins.console) otherOrigins.push(request.url());
  });
  const clientId = `e2e-upstream-sensor-${RUN}`;
  clients.push(await connectMqttClient(clientId));

  await openConsoleAs(page, OPERATOR);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Sessions', { exact: true }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await page.getByLabel('Search sessions by client ID').fill(clientId);
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Connected');
  expect(otherOrigins.filter((url) => !url.startsWith('https://api.github.com'))).toEqual([]);
});

test('the web-socket client reaches the upstream through the console’s own origin', async ({ page }) => {
  test.setTimeout(60_000);
  await openConsoleAs(page, OPERATOR);
  await addDefaultConnection(page, `E2E upstream ${RUN}`, `${proxyOrigins.console.replace(/^http/, 'ws')}/mqtt`);
  await roundTrip(page, `e2e-upstream-${RUN}`, 'through the console');
});

/** A loopback port where nothing listens. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

test('with the upstream unreachable, the console says “Unable to connect” and the API answers 502 in the error format', async ({ page }) => {
  const [upstreamPort, consolePort] = [await unusedPort(), await unusedPort()];
  const origin = `http://127.0.0.1:${consolePort}`;
  const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/console-server/upstream-console.mjs')], {
    stdio: 'ignore',
    env: { ...process.env, STARLING_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`, STARLING_HTTP_PORT: String(consolePort), STARLING_BIND_ADDRESS: '127.0.0.1' },
  });
  servers.push(server);
  await expect.poll(() => fetch(`${origin}/login`).then((response) => response.status, () => 0)).toBe(200);

  const answer = await fetch(`${origin}/api/auth/user`);
  expect(answer.status).toBe(502);
  expect(await answer.json()).toMatchObject({ status: 502, message: 'Unable to connect', errorCode: 2 });

  await page.goto(`${origin}/login`);
  await signIn(page, OPERATOR);
  await expect(page.getByText('Unable to connect')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
