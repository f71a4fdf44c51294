import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEFAULT_ADMIN } from '../support/api-client.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ signInMaxFailures: 3, signInWindowSeconds: 60 });
});
afterAll(() => node.destroy());

function signIn(username: string, password: string) {
  return fetch(`${node.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
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
