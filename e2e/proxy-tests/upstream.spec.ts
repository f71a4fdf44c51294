import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer } from 'node:net';
import os from 'node:os';
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

const UPSTREAM_CONSOLE = path.resolve(import.meta.dirname, '../../scripts/console-server/upstream-console.mjs');

/** Starts another console in upstream mode with `settings`; answers its origin once it serves. */
async function startConsole(settings: Record<string, string>): Promise<string> {
  const port = await unusedPort();
  const server = spawn(process.execPath, [UPSTREAM_CONSOLE], {
    stdio: 'ignore',
    env: { ...process.env, STARLING_HTTP_PORT: String(port), STARLING_BIND_ADDRESS: '127.0.0.1', ...settings },
  });
  servers.push(server);
  const origin = `http://127.0.0.1:${port}`;
  await expect.poll(() => fetch(`${origin}/login`).then((response) => response.status, () => 0)).toBe(200);
  return origin;
}

test('with the upstream unreachable, the console says “Unable to connect” and the API answers 502 in the error format', async ({ page }) => {
  const origin = await startConsole({ STARLING_UPSTREAM_URL: `http://127.0.0.1:${await unusedPort()}` });

  const answer = await fetch(`${origin}/api/auth/user`);
  expect(answer.status).toBe(502);
  expect(await answer.json()).toMatchObject({ status: 502, message: 'Unable to connect', errorCode: 2 });

  await page.goto(`${origin}/login`);
  await signIn(page, OPERATOR);
  await expect(page.getByText('Unable to connect')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an upstream that does not begin to answer in time is a 504; a slow answer under way, and the upstream’s own errors, pass through whole', async () => {
  // A stand-in for a production broker: one call never answered, one streamed slowly, one refused.
  const upstream = createHttpServer((request, response) => {
    if (request.url === '/api/never') return;
    if (request.url === '/api/slow') {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      let part = 0;
      const timer = setInterval(() => {
        response.write(`part ${part} `);
        if (++part === 4) {
          clearInterval(timer);
          response.end('end');
        }
      }, 600);
      return;
    }
    response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 404, message: `${request.url} is not served here`, errorCode: 32 }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  try {
    const address = upstream.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const origin = await startConsole({ STARLING_UPSTREAM_URL: `http://127.0.0.1:${address.port}`, STARLING_UPSTREAM_TIMEOUT_SECONDS: '1' });

    const never = await fetch(`${origin}/api/never`);
    expect(never.status).toBe(504);
    expect(await never.json()).toMatchObject({ status: 504, message: 'Unable to connect', errorCode: 2 });

    // Longer than the timeout in all, but begun at once: not cut off.
    const slow = await fetch(`${origin}/api/slow`);
    expect(slow.status).toBe(200);
    expect(await slow.text()).toBe('part 0 part 1 part 2 part 3 end');

    const refused = await fetch(`${origin}/api/other`);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ status: 404, message: '/api/other is not served here', errorCode: 32 });
  } finally {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  }
});

test('a wrong upstream setting stops the start with a message naming it', () => {
  const started = spawnSync(process.execPath, [UPSTREAM_CONSOLE], { encoding: 'utf8', env: { ...process.env, STARLING_UPSTREAM_URL: 'broker.example.com' } });
  expect(started.status).toBe(1);
  expect(started.stderr).toContain('STARLING_UPSTREAM_URL must be a URL');
  const insecure = spawnSync(process.execPath, [UPSTREAM_CONSOLE], { encoding: 'utf8', env: { ...process.env, STARLING_UPSTREAM_URL: 'https://b.example', STARLING_UPSTREAM_INSECURE: 'yes' } });
  expect(insecure.status).toBe(1);
  expect(insecure.stderr).toContain('STARLING_UPSTREAM_INSECURE must be true or false');
});

test('an https upstream is trusted through STARLING_UPSTREAM_CA_FILE, refused without it, and accepted unchecked only when told', async () => {
  // A certificate of our own for 127.0.0.1, its own CA: a stand-in for a broker behind an internal CA.
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-upstream-tls-'));
  const [key, cert] = [path.join(directory, 'key.pem'), path.join(directory, 'cert.pem')];
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  expect(made.status).toBe(0);
  const upstream = createHttpsServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"over":"tls"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  try {
    const address = upstream.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const url = `https://127.0.0.1:${address.port}`;
    const call = async (settings: Record<string, string>) => {
      const origin = await startConsole({ STARLING_UPSTREAM_URL: url, ...settings });
      return fetch(`${origin}/api/system/info`);
    };
    const trusted = await call({ STARLING_UPSTREAM_CA_FILE: cert });
    expect(trusted.status).toBe(200);
    expect(await trusted.json()).toEqual({ over: 'tls' });
    expect((await call({})).status).toBe(502);
    expect((await call({ STARLING_UPSTREAM_INSECURE: 'true' })).status).toBe(200);
  } finally {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
