import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../src/http/api-error.js';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

let node: TestNode;
let webDir: string;
let token: string;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A request sent byte for byte as given: fetch would re-encode a malformed URL and refuse some
 * methods, and what is under test is what the server does with them.
 */
function send(method: string, urlPath: string, options: { body?: string | Buffer; headers?: Record<string, string>; signedIn?: boolean } = {}): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.signedIn !== false) headers['X-Authorization'] = `Bearer ${token}`;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: node.httpPort, method, path: urlPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The spec's error shape (ARCHITECTURE.md "API conventions") with the status and a message naming what was wrong. */
function expectError(answer: RawAnswer, status: number, named: string): ErrorBody {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as ErrorBody;
  expect(body).toMatchObject({ status, errorCode: expect.any(Number), timestamp: expect.any(Number) });
  expect(body.message).toContain(named);
  return body;
}

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Starling</title><script type="module" src="/assets/index.js"></script>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index.js'), 'console.log("starling");');
  node = await startTestNode({ webDir });
  const client = new ApiClient(node.baseUrl);
  token = (await client.signIn()).token;
});
afterAll(async () => {
  await node.destroy();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('bad input answers 400 naming the part, never 500', () => {
  it('a path that is not percent-encoded UTF-8', async () => {
    expectError(await send('GET', '/api/admin/user/%E0'), 400, 'the path /api/admin/user/%E0 is not percent-encoded UTF-8');
    expectError(await send('GET', '/api/admin/user/%'), 400, 'is not percent-encoded UTF-8');
  });

  it('a console path that is not percent-encoded UTF-8 is no server error', async () => {
    for (const urlPath of ['/%E0', '/assets/%E0.js', '/assets/index.js?x=%E0']) {
      expect((await send('GET', urlPath, { signedIn: false })).status).toBeLessThan(500);
    }
  });

  it('a query value that is not percent-encoded UTF-8, by its name', async () => {
    expectError(await send('GET', '/api/admin?pageSize=10&page=0&textSearch=%C3'), 400, 'query.textSearch is not percent-encoded UTF-8');
  });

  it('numbers beyond what the contract takes', async () => {
    expectError(await send('GET', '/api/blockedClient/v2?pageSize=10&page=10000000000000000000000000'), 400, 'query.page');
    expectError(await send('GET', '/api/blockedClient/v2?pageSize=10&page=-1'), 400, 'query.page');
    expectError(await send('GET', '/api/unauthorized/client/v2?pageSize=10&page=0&startTime=1e400'), 400, 'query.startTime');
  });

  it('bodies that do not parse, or are not UTF-8 JSON', async () => {
    expectError(await send('POST', '/api/admin', { body: '{"email": "ada@example.com",' }), 400, 'the body is not valid JSON');
    expectError(await send('POST', '/api/admin', { body: '{"email": "ada@example.com"}', headers: { 'Content-Type': 'application/json; charset=koi8-r' } }), 400, 'send UTF-8 JSON');
    expectError(await send('POST', '/api/admin', { body: '"ada@example.com"' }), 400, 'body');
  });

  it('a body over 1 MiB is refused with 413 before it is read whole', async () => {
    const body = JSON.stringify({ email: 'big@example.com', firstName: 'x'.repeat(1024 * 1024) });
    expectError(await send('POST', '/api/admin', { body }), 413, 'larger than 1 MiB');
  });
});

describe('methods the contract does not list', () => {
  it('answer 405 with Allow naming the ones it lists on that path', async () => {
    const put = expectError(await send('PUT', '/api/admin'), 405, 'PUT is not allowed on /api/admin');
    expect(put.errorCode).toBe(2);
    expect((await send('PUT', '/api/admin')).headers.allow).toBe('POST, GET');
    expect((await send('GET', '/api/auth/login', { signedIn: false })).headers.allow).toBe('POST');
    expect((await send('PATCH', '/api/admin/user/some-id')).headers.allow).toBe('GET');
  });

  it('a path the contract does not hold stays 404', async () => {
    expectError(await send('GET', '/api/nothing/here'), 404, 'No API operation GET /api/nothing/here');
  });

  it('the console answers 405 to anything but reading it', async () => {
    const answer = await send('POST', '/login', { body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });
});

describe('length limits on what the contract takes', () => {
  const localPart = 'a'.repeat(64);
  const domainOf = (length: number) => `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 2 * 64 - 4)}.com`;
  const emailOf = (length: number) => `${localPart}@${domainOf(length - localPart.length - 1)}`;

  it('an e-mail of 254 characters is taken, one of 255 refused naming the field', async () => {
    expect(emailOf(254)).toHaveLength(254);
    const saved = await send('POST', '/api/admin', { body: JSON.stringify({ email: emailOf(254) }) });
    expect(saved.status).toBe(200);
    expectError(await send('POST', '/api/admin', { body: JSON.stringify({ email: emailOf(255) }) }), 400, 'body.email must NOT have more than 254 characters');
  });

  it('strings in queries and bodies past their maxLength', async () => {
    expectError(await send('GET', `/api/admin?pageSize=10&page=0&textSearch=${'x'.repeat(257)}`), 400, 'query.textSearch must NOT have more than 256 characters');
    const blocked = JSON.stringify({ type: 'CLIENT_ID', clientId: 'c'.repeat(1025) });
    expectError(await send('POST', '/api/blockedClient', { body: blocked }), 400, 'body.clientId must NOT have more than 1024 characters');
  });

  it('a password bcrypt would cut (over 72 bytes of UTF-8) is refused, not shortened', async () => {
    const body = JSON.stringify({ username: 'sysadmin@starling.local', password: '€'.repeat(25) });
    expectError(await send('POST', '/api/auth/login', { body, signedIn: false }), 400, 'body.password must NOT be longer than 72 bytes in UTF-8');
  });

  it('a value another item holds is 409, naming the field', async () => {
    await send('POST', '/api/admin', { body: JSON.stringify({ email: 'taken@example.com' }) });
    expectError(await send('POST', '/api/admin', { body: JSON.stringify({ email: 'taken@example.com' }) }), 409, 'body.email');
  });
});

describe('security headers on every answer', () => {
  const answers: [string, () => Promise<RawAnswer>][] = [
    ['an API answer', () => send('GET', '/api/system/info')],
    ['an API refusal', () => send('GET', '/api/system/info', { signedIn: false })],
    ['a 405', () => send('DELETE', '/api/system/info')],
    ['a malformed URL', () => send('GET', '/api/admin/user/%E0')],
    ['the console page', () => send('GET', '/home', { signedIn: false })],
    ['a console script', () => send('GET', '/assets/index.js', { signedIn: false })],
    ['a missing console file', () => send('GET', '/assets/missing.js', { signedIn: false })],
  ];

  it.each(answers)('%s', async (_name, request) => {
    const { headers } = await request();
    const policy = String(headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/(script-src|default-src)[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it("the console's scripts come only from its own origin; API answers may load nothing", async () => {
    const consolePolicy = String((await send('GET', '/login', { signedIn: false })).headers['content-security-policy']);
    expect(consolePolicy).toContain("script-src 'self'");
    expect(consolePolicy).toContain("object-src 'none'");
    const apiPolicy = String((await send('GET', '/api/system/info')).headers['content-security-policy']);
    expect(apiPolicy).toContain("default-src 'none'");
  });
});
