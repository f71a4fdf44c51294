import './auth/refresh-request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { endSession, hasSession, startSession } from './auth/auth-session';
import { httpClient } from './http-client';
import { makeTokenPair } from './auth/test-tokens';
import { getAccessToken, getRefreshToken, storeTokenPair } from './auth/token-storage';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function errorBody(status: number, errorCode: number, message: string): Response {
  return json({ status, errorCode, message, timestamp: Date.now() }, status);
}

/** Stubs fetch with a handler and records every request it receives. */
function stubFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

const authorizationOf = (init: RequestInit) => new Headers(init.headers).get('X-Authorization');

describe('httpClient (spec sections 4, 7 and 8)', () => {
  beforeEach(() => {
    localStorage.clear();
    endSession();
  });
  afterEach(() => vi.useRealTimers());

  it('sends the access token as X-Authorization on /api calls but not on login, refresh or no-auth calls', async () => {
    startSession(makeTokenPair());
    const calls = stubFetch(() => json({}));
    await httpClient({ url: '/api/auth/user', method: 'GET' });
    await httpClient({ url: '/api/auth/login', method: 'POST', data: {} });
    await httpClient({ url: '/api/auth/login/public', method: 'POST', data: {} });
    await httpClient({ url: '/api/auth/token', method: 'POST', data: {} });
    await httpClient({ url: '/api/noauth/resetPasswordByEmail', method: 'POST', data: {} });
    expect(calls.map(({ init }) => authorizationOf(init))).toEqual([`Bearer ${getAccessToken()}`, null, null, null, null]);
  });

  it('sends JSON', async () => {
    const calls = stubFetch(() => json({}));
    await httpClient({ url: '/api/auth/login', method: 'POST', data: {'username':'a@b.c'} });
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/json');
  });

  it('says JSON on calls without a body too (spec section 7: all calls)', async () => {
    const calls = stubFetch(() => json({}));
    await httpClient({ url: '/api/auth/user', method: 'GET' });
    await httpClient({ url: '/api/admin/user/u-1', method: 'DELETE' });
    expect(calls.map(({ init }) => new Headers(init.headers).get('Content-Type'))).toEqual(['application/json', 'application/json']);
  });

  it('refreshes an expiring access token once for all concurrent callers before calling', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    startSession(makeTokenPair(60, 3600));
    vi.setSystemTime(Date.now() + 59_000);
    const renewed = makeTokenPair(900, 3600);
    const calls = stubFetch((url) => (url === '/api/auth/token' ? json(renewed) : json({ ok: url })));

    await Promise.all([httpClient({ url: '/api/a', method: 'GET' }), httpClient({ url: '/api/b', method: 'GET' }), httpClient({ url: '/api/c', method: 'GET' })]);

    expect(calls.filter(({ url }) => url === '/api/auth/token')).toHaveLength(1);
    const apiCalls = calls.filter(({ url }) => url !== '/api/auth/token');
    expect(apiCalls.map(({ init }) => authorizationOf(init))).toEqual(Array(3).fill(`Bearer ${renewed.token}`));
  });

  it('uses the pair another tab renewed while this one waited for its turn, instead of renewing the old one again', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    startSession(makeTokenPair(60, 3600));
    vi.setSystemTime(Date.now() + 59_000);
    // Another tab holds the refresh lock, renews the shared pair, then lets go.
    let letGo = () => {};
    const otherTabDone = new Promise<void>((resolve) => (letGo = resolve));
    const locks = { request: vi.fn(async (_name: string, renew: () => Promise<void>) => otherTabDone.then(renew)) };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    const calls = stubFetch((url) => json({ ok: url }));
    try {
      const call = httpClient({ url: '/api/a', method: 'GET' });
      const renewedElsewhere = makeTokenPair(900, 3600);
      storeTokenPair(renewedElsewhere);
      letGo();
      await call;
      expect(locks.request).toHaveBeenCalledWith('starling_token_refresh', expect.any(Function));
      expect(calls.map(({ url, init }) => [url, authorizationOf(init)])).toEqual([['/api/a', `Bearer ${renewedElsewhere.token}`]]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('refreshes and retries once when the broker answers 401 with errorCode 11', async () => {
    startSession(makeTokenPair());
    const renewed = makeTokenPair(900, 3600);
    const calls = stubFetch((url, init) => {
      if (url === '/api/auth/token') return json(renewed);
      return authorizationOf(init) === `Bearer ${renewed.token}`
        ? json({ version: '1.3.0' })
        : errorBody(401, 11, 'Token has expired');
    });

    await expect(httpClient({ url: '/api/system/info', method: 'GET' })).resolves.toEqual({ version: '1.3.0' });
    expect(calls.map(({ url }) => url)).toEqual(['/api/system/info', '/api/auth/token', '/api/system/info']);
    expect(getAccessToken()).toBe(renewed.token);
  });

  it('clears the tokens and ends the session when the refresh fails', async () => {
    startSession(makeTokenPair());
    stubFetch((url) =>
      url === '/api/auth/token' ? errorBody(401, 10, 'Invalid refresh token') : errorBody(401, 11, 'Token has expired'),
    );

    await expect(httpClient({ url: '/api/auth/user', method: 'GET' })).rejects.toThrow();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(hasSession()).toBe(false);
  });

  it('throws an ApiError with the status, errorCode and message of the error body', async () => {
    stubFetch(() => errorBody(401, 10, 'Invalid username or password'));
    const error = await httpClient({ url: '/api/auth/login', method: 'POST', data: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, errorCode: 10, message: 'Invalid username or password' });
  });

  it("reports a broker that cannot be reached as status 0, 'Unable to connect'", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(httpClient({ url: '/api/system/info', method: 'GET' })).rejects.toMatchObject({ status: 0, message: 'Unable to connect' });
  });

  it('resolves an empty 200 answer to undefined', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    await expect(httpClient({ url: '/api/noauth/resetPasswordByEmail', method: 'POST', data: {} })).resolves.toBeUndefined();
  });
});
