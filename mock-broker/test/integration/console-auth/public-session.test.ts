import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

interface TokenPair {
  token: string;
  refreshToken: string;
}

interface ErrorBody {
  status: number;
  message: string;
  errorCode: number;
}

function claimsOf(token: string): { isPublic: boolean; scopes: string[] } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('public sessions, enabled by STARLING_PUBLIC_ID', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ publicId: 'lobby-screen-7' });
  });
  afterAll(() => node.destroy());

  async function publicClient(): Promise<ApiClient> {
    const api = new ApiClient(node.baseUrl);
    const answer = await api.call<TokenPair>('POST', '/api/auth/login/public', { publicId: 'lobby-screen-7' });
    expect(answer.status).toBe(200);
    api.token = answer.body.token;
    return api;
  }

  it('signs in with the configured id to a token flagged isPublic', async () => {
    const api = await publicClient();
    expect(claimsOf(api.token ?? '')).toMatchObject({ isPublic: true, scopes: ['ANONYMOUS'] });
    const user = await api.call<{ authority: string; email: string }>('GET', '/api/auth/user');
    expect(user.status).toBe(200);
    expect(user.body.authority).toBe('ANONYMOUS');
  });

  it('may read the broker status but gets 403 code 20 on administration', async () => {
    const api = await publicClient();
    expect((await api.call('GET', '/api/system/info')).status).toBe(200);
    expect((await api.call('GET', '/api/app/config')).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/admin?pageSize=10&page=0'],
      ['GET', '/api/admin/settings/mail'],
      ['POST', '/api/auth/changePassword'],
    ] as const) {
      const answer = await api.call<ErrorBody>(method, path, method === 'POST' ? { currentPassword: 'x', newPassword: 'y' } : undefined);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.errorCode).toBe(20);
    }
  });

  it('renews a public session with its refresh token, still public', async () => {
    const answer = await new ApiClient(node.baseUrl).call<TokenPair>('POST', '/api/auth/login/public', { publicId: 'lobby-screen-7' });
    const renewed = await new ApiClient(node.baseUrl).call<TokenPair>('POST', '/api/auth/token', { refreshToken: answer.body.refreshToken });
    expect(renewed.status).toBe(200);
    expect(claimsOf(renewed.body.token).isPublic).toBe(true);
  });

  it('refuses another id with 401 code 10', async () => {
    const answer = await new ApiClient(node.baseUrl).call<ErrorBody>('POST', '/api/auth/login/public', { publicId: 'lobby-screen-8' });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ errorCode: 10, message: 'Invalid public id' });
  });
});

describe('public sessions without STARLING_PUBLIC_ID', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.destroy());

  it('refuses every public id', async () => {
    const answer = await new ApiClient(node.baseUrl).call<ErrorBody>('POST', '/api/auth/login/public', { publicId: 'anything' });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Public sign-in is not enabled on this broker');
  });
});
