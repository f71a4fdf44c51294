import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEFAULT_ADMIN } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ signInMaxFailures: 3, signInWindowSeconds: 60 });
});
afterAll(() => node.destroy());

function signIn(username: string, password: string) {
  return signInAt(node.baseUrl, username, password);
}

describe('sign-in attempts', () => {
  it('refuses an account with 429 (code 33) after repeated wrong passwords, even with the right one', async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('sysadmin@starling.local', 'guess')).status).toBe(401);
    const refused = await signIn(DEFAULT_ADMIN.username, ADMIN_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(50);
    expect(await refused.json()).toMatchObject({ status: 429, errorCode: 33 });
  });

  it('limits one address across accounts too', async () => {
    // Failures from one address count across accounts, up to four times the account limit (12 here).
    for (const account of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) {
      for (let attempt = 0; attempt < 3; attempt++) await signIn(account, 'guess');
    }
    expect((await signIn('e@example.com', 'guess')).status).toBe(429);
  });
});

/** Fails sign-ins for fresh accounts until the address limit is used (the per-account limit never is). */
async function useUpAddressLimit(baseUrl: string, failures: number, headers: () => Record<string, string>): Promise<void> {
  for (let attempt = 0; attempt < failures; attempt++) {
    const answer = await signInAt(baseUrl, `stranger-${attempt}@example.com`, 'guess', headers());
    expect(answer.status).toBe(401);
  }
}

function signInAt(baseUrl: string, username: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
  });
}

// Issue 26 N6: behind a proxy every client is the proxy's address, so one stranger's failures locked
// every user out. The client's address comes from X-Forwarded-For only through a trusted proxy.
describe('sign-in limits per address behind a proxy (STARLING_TRUSTED_PROXIES)', () => {
  it('without the setting, ignores a client-sent X-Forwarded-For: a fresh one each time does not dodge the limit', async () => {
    const direct = await startTestNode({ signInMaxFailures: 2, signInWindowSeconds: 600 });
    try {
      let counter = 0;
      await useUpAddressLimit(direct.baseUrl, 8, () => ({ 'X-Forwarded-For': `198.51.100.${++counter}` }));
      const refused = await signInAt(direct.baseUrl, 'another@example.com', 'guess', { 'X-Forwarded-For': '198.51.100.200' });
      expect(refused.status).toBe(429);
    } finally {
      await direct.destroy();
    }
  });

  it('through a trusted proxy, counts each forwarded client apart: one locked out, the next still signs in', async () => {
    // The test connects from 127.0.0.1: here that is the proxy.
    const proxied = await startTestNode({ signInMaxFailures: 2, signInWindowSeconds: 600, trustedProxies: ['127.0.0.0/8', '::1'] });
    try {
      const stranger = { 'X-Forwarded-For': '203.0.113.7' };
      await useUpAddressLimit(proxied.baseUrl, 8, () => stranger);
      expect((await signInAt(proxied.baseUrl, 'another@example.com', 'guess', stranger)).status).toBe(429);
      // What the stranger writes left of the proxy's entry is the stranger's own text: never believed.
      expect((await signInAt(proxied.baseUrl, 'another@example.com', 'guess', { 'X-Forwarded-For': '192.0.2.50, 203.0.113.7' })).status).toBe(429);
      const colleague = await signInAt(proxied.baseUrl, DEFAULT_ADMIN.username, ADMIN_PASSWORD, { 'X-Forwarded-For': '203.0.113.8' });
      expect(colleague.status).toBe(200);
    } finally {
      await proxied.destroy();
    }
  });
});

describe('an account locked by a stranger', () => {
  it('is locked for the window only: guesses refused during the lock do not extend it, and its owner then signs in', async () => {
    const windowed = await startTestNode({ signInMaxFailures: 3, signInWindowSeconds: 2 });
    try {
      for (let attempt = 0; attempt < 3; attempt++) expect((await signInAt(windowed.baseUrl, DEFAULT_ADMIN.username, 'guess')).status).toBe(401);
      const locked = await signInAt(windowed.baseUrl, DEFAULT_ADMIN.username, ADMIN_PASSWORD);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('Retry-After'))).toBeLessThanOrEqual(2);
      // The stranger keeps guessing while the owner keeps trying; the lock ends with its window all the same.
      const deadline = Date.now() + 60_000;
      let owner = locked.status;
      while (owner !== 200 && Date.now() < deadline) {
        await signInAt(windowed.baseUrl, DEFAULT_ADMIN.username, 'guess');
        owner = (await signInAt(windowed.baseUrl, DEFAULT_ADMIN.username, ADMIN_PASSWORD)).status;
      }
      expect(owner).toBe(200);
    } finally {
      await windowed.destroy();
    }
  });
});
