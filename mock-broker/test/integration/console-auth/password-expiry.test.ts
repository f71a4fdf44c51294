import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

let node: TestNode;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  node = await startTestNode({ passwordMaxAgeDays: 1 });
});
afterEach(() => vi.useRealTimers());
afterAll(() => node.destroy());

describe('password age policy', () => {
  it('refuses an expired password with code 15 and a reset token that sets a new one', async () => {
    const admin = new ApiClient(node.baseUrl);
    await admin.signIn();
    await admin.call('POST', '/api/admin', { email: 'ageing@example.com', password: 'from-long-ago' });

    // Only the clock moves on: sockets and timers keep working.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    const client = new ApiClient(node.baseUrl);
    const refused = await client.call<{ errorCode: number; resetToken: string }>('POST', '/api/auth/login', {
      username: 'ageing@example.com',
      password: 'from-long-ago',
    });
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe(15);
    expect(refused.body.resetToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const reset = await client.call('POST', '/api/noauth/resetPassword', { resetToken: refused.body.resetToken, password: 'fresh-secret' });
    expect(reset.status).toBe(200);
    await client.signIn('ageing@example.com', 'fresh-secret');
  });

  it('does not answer code 15 for a wrong password', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * DAY_MS);
    const refused = await new ApiClient(node.baseUrl).call<{ errorCode: number }>('POST', '/api/auth/login', {
      username: 'sysadmin@starling.local',
      password: 'wrong',
    });
    expect(refused.body.errorCode).toBe(10);
  });
});
