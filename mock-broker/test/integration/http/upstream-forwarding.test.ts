import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { startUpstreamConsole, upstreamSettings, type RunningUpstreamConsole } from '../../../../scripts/console-server/upstream-console.mjs';
import { ADMIN_PASSWORD, DEFAULT_ADMIN } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

// Issue 26 N7: upstream mode (the console server in front of another broker) passed a client's
// X-Forwarded-Host, appended to its X-Forwarded-For and -Proto, forwarded `..` segments and kept the
// headers a client named in Connection. Each attack runs against the real console server in front of
// a real HTTP server that records what reaches it.

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
}

let upstream: http.Server;
let upstreamPort: number;
const received: Received[] = [];
const upgrades: Received[] = [];

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    received.push({ url: request.url ?? '', headers: request.headers });
    request.resume();
    request.on('end', () => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
  });
  const webSockets = new WebSocketServer({ server: upstream, path: '/mqtt' });
  webSockets.on('connection', (socket, request) => {
    upgrades.push({ url: request.url ?? '', headers: request.headers });
    socket.close();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  upgrades.length = 0;
});

async function startConsole(environment: Record<string, string> = {}, upstreamUrl = `http://127.0.0.1:${upstreamPort}/broker`): Promise<RunningUpstreamConsole> {
  const settings = upstreamSettings({
    STARLING_UPSTREAM_URL: upstreamUrl,
    STARLING_UPSTREAM_WS_URL: `ws://127.0.0.1:${upstreamPort}/mqtt`,
    STARLING_HTTP_PORT: '0',
    STARLING_BIND_ADDRESS: '127.0.0.1',
    ...environment,
  });
  if (!settings) throw new Error('the upstream settings were not read');
  return startUpstreamConsole(settings);
}

/** A request written as given: fetch would resolve `..` and refuse hop-by-hop headers before sending. */
function send(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

const MADE_UP = {
  'X-Forwarded-For': '198.51.100.66',
  'X-Forwarded-Host': 'evil.example',
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Port': '443',
  Forwarded: 'for=198.51.100.66;host=evil.example',
};

describe('upstream mode without trusted proxies', () => {
  let consoleServer: RunningUpstreamConsole;
  beforeAll(async () => {
    consoleServer = await startConsole();
  });
  afterAll(() => consoleServer.close());

  it('sets X-Forwarded-* from the connection, replacing what the client sent', async () => {
    expect((await send(consoleServer.port, '/api/auth/user', MADE_UP)).status).toBe(200);
    expect(received).toHaveLength(1);
    const { url, headers } = received[0] as Received;
    expect(url).toBe('/broker/api/auth/user');
    expect(headers).toMatchObject({
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': `127.0.0.1:${consoleServer.port}`,
      'x-forwarded-proto': 'http',
      'x-forwarded-port': String(consoleServer.port),
    });
    expect(headers.forwarded).toBeUndefined();
  });

  it('refuses a path with dot segments (400, the API error shape), written or percent-encoded, and sends nothing on', async () => {
    for (const path of ['/api/../admin', '/api/%2e%2e/admin', '/api/%2E%2e/admin', '/api/.%2e/x', '/api/auth/./user', '/api/auth/%2e/user', '/api/x/..;/admin', '/api/..%2fadmin', '/api/..%5cadmin', '/api/%E0']) {
      const answer = await send(consoleServer.port, path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toMatchObject({ status: 400, errorCode: 31 });
    }
    expect(received).toEqual([]);
    // Dots elsewhere are no segment: a file name, a query.
    expect((await send(consoleServer.port, '/api/auth/user..json?next=../x')).status).toBe(200);
    expect(received.map(({ url }) => url)).toEqual(['/broker/api/auth/user..json?next=../x']);
  });

  it('drops hop-by-hop headers and those the client names in Connection, and passes the end-to-end ones', async () => {
    const answer = await send(consoleServer.port, '/api/auth/user', {
      Connection: 'keep-alive, X-Internal-Secret, X-Authorization-Hint',
      'X-Internal-Secret': 'for-the-proxy-only',
      'X-Authorization-Hint': 'also-hop-by-hop',
      'Keep-Alive': 'timeout=5',
      'Proxy-Authorization': 'Basic c2VjcmV0',
      'Proxy-Connection': 'keep-alive',
      TE: 'trailers',
      'X-Authorization': 'Bearer end-to-end',
    });
    expect(answer.status).toBe(200);
    const { headers } = received[0] as Received;
    for (const name of ['x-internal-secret', 'x-authorization-hint', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'te']) {
      expect(headers[name], name).toBeUndefined();
    }
    expect(headers['x-authorization']).toBe('Bearer end-to-end');
  });

  it('sets X-Forwarded-For from the connection on the MQTT web socket too', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${consoleServer.port}/mqtt`, 'mqtt', { headers: MADE_UP });
    await new Promise<void>((resolve, reject) => {
      socket.once('close', () => resolve());
      socket.once('error', reject);
    });
    expect(upgrades).toHaveLength(1);
    expect((upgrades[0] as Received).headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': `127.0.0.1:${consoleServer.port}` });
  });
});

describe('upstream mode behind a trusted proxy (STARLING_TRUSTED_PROXIES)', () => {
  let consoleServer: RunningUpstreamConsole;
  beforeAll(async () => {
    // The test connects from 127.0.0.1: here that is an nginx in front of the console server.
    consoleServer = await startConsole({ STARLING_TRUSTED_PROXIES: '127.0.0.1 ::1' });
  });
  afterAll(() => consoleServer.close());

  it("keeps what the trusted proxy says and appends its address to X-Forwarded-For", async () => {
    expect((await send(consoleServer.port, '/api/auth/user', MADE_UP)).status).toBe(200);
    expect((received[0] as Received).headers).toMatchObject({
      'x-forwarded-for': '198.51.100.66, 127.0.0.1',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
  });
});

// Issue 26 N6 through upstream mode: the bundled broker behind the console server trusts it, so
// each client the console server forwards has sign-in limits of its own.
describe('the bundled broker behind the console server, trusting it', () => {
  let node: TestNode;
  let consoleServer: RunningUpstreamConsole;
  beforeAll(async () => {
    node = await startTestNode({ signInMaxFailures: 2, signInWindowSeconds: 600, trustedProxies: ['127.0.0.1', '::1'] });
    // The test stands for an nginx in front of the console server, telling it the client's address.
    consoleServer = await startConsole({ STARLING_TRUSTED_PROXIES: '127.0.0.1 ::1' }, node.baseUrl);
  });
  afterAll(async () => {
    await consoleServer.close();
    await node.destroy();
  });

  function signIn(username: string, password: string, client: string): Promise<Response> {
    return fetch(`http://127.0.0.1:${consoleServer.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: JSON.stringify({ username, password }),
    });
  }

  it("locks out the stranger's address only: another client still signs in", async () => {
    // Fresh accounts each time: only the address limit (four times 2) is used up.
    for (let attempt = 0; attempt < 8; attempt++) expect((await signIn(`stranger-${attempt}@example.com`, 'guess', '203.0.113.7')).status).toBe(401);
    expect((await signIn('one-more@example.com', 'guess', '203.0.113.7')).status).toBe(429);
    expect((await signIn(DEFAULT_ADMIN.username, ADMIN_PASSWORD, '203.0.113.8')).status).toBe(200);
  });
});

it('names STARLING_TRUSTED_PROXIES when an entry is not an address or range', () => {
  expect(() => upstreamSettings({ STARLING_UPSTREAM_URL: 'http://broker.example.com', STARLING_TRUSTED_PROXIES: 'nginx.local' })).toThrow('STARLING_TRUSTED_PROXIES must list IP addresses or CIDR ranges');
});
