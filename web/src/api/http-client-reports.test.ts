import './auth/refresh-request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from './auth/auth-session';
import { httpClient, UNAUTHORIZED_MESSAGE_DELAY_MS } from './http-client';
import { type HttpErrorReport, onHttpError } from './http-events';
import { requestsInFlight } from './request-activity';
import { makeTokenPair } from './auth/test-tokens';

function errorBody(status: number, errorCode: number, message: string, statusText = ''): Response {
  return new Response(JSON.stringify({ status, errorCode, message, timestamp: Date.now() }), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(...answers: (() => Response)[]) {
  const fetch = vi.fn(async () => (answers.length > 1 ? answers.shift() : answers[0])?.() ?? new Response(''));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('httpClient error reports and request options (spec sections 7 and 8)', () => {
  let reports: HttpErrorReport[];
  let stopListening: () => void;

  beforeEach(() => {
    localStorage.clear();
    endSession();
    reports = [];
    stopListening = onHttpError((report) => reports.push(report));
  });
  afterEach(() => {
    stopListening();
    vi.useRealTimers();
  });

  it('reports 403 as forbidden, for the forbidden dialog', async () => {
    startSession(makeTokenPair());
    stubFetch(() => errorBody(403, 20, 'You do not have permission to perform this operation!'));
    await expect(httpClient({ url: '/api/admin', method: 'GET' })).rejects.toMatchObject({ status: 403 });
    expect(reports).toEqual([{ kind: 'forbidden' }]);
  });

  it('reports 403 with code 21 as a password change the broker asks for, not forbidden, even when the request ignores errors', async () => {
    startSession(makeTokenPair());
    stubFetch(() => errorBody(403, 21, 'Change your password first'));
    await expect(httpClient({ url: '/api/admin', method: 'GET' })).rejects.toMatchObject({ status: 403, errorCode: 21 });
    await expect(httpClient({ url: '/api/user/tokenAccessEnabled', method: 'GET' }, { ignoreErrors: true })).rejects.toMatchObject({ status: 403 });
    expect(reports).toEqual([{ kind: 'password-change-required' }, { kind: 'password-change-required' }]);
  });

  it('reports nothing when the request ignores errors', async () => {
    stubFetch(() => errorBody(403, 20, 'Forbidden'));
    await expect(httpClient({ url: '/api/admin', method: 'GET' }, { ignoreErrors: true })).rejects.toMatchObject({ status: 403 });
    expect(reports).toEqual([]);
  });

  it('reports 404 with method, url, status and status text', async () => {
    stubFetch(() => errorBody(404, 32, 'Requested item was not found', 'Not Found'));
    await expect(httpClient({ url: '/api/admin/user/42', method: 'GET' })).rejects.toThrow();
    expect(reports).toEqual([{ kind: 'message', message: 'GET /api/admin/user/42 404 Not Found' }]);
  });

  it("reports the broker's message for other errors, and 'Unable to connect' with no answer", async () => {
    stubFetch(() => errorBody(400, 31, 'Invalid request: body.email must match format "email"'));
    await expect(httpClient({ url: '/api/admin', method: 'POST', data: {} })).rejects.toThrow();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(httpClient({ url: '/api/system/info', method: 'GET' })).rejects.toThrow();
    expect(reports).toEqual([
      { kind: 'message', message: 'Invalid request: body.email must match format "email"' },
      { kind: 'message', message: 'Unable to connect' },
    ]);
  });

  it('leaves 401 with credentials expired to the login page', async () => {
    stubFetch(() => errorBody(401, 15, 'User password expired!'));
    await expect(httpClient({ url: '/api/auth/login', method: 'POST', data: {} })).rejects.toMatchObject({ errorCode: 15 });
    expect(reports).toEqual([]);
  });

  it('reports a failed refresh with the access.refresh-token-failed message id', async () => {
    startSession(makeTokenPair());
    stubFetch(() => errorBody(401, 11, 'Token has expired'), () => errorBody(401, 10, 'Refresh token was already used'));
    await expect(httpClient({ url: '/api/auth/user', method: 'GET' })).rejects.toThrow();
    expect(reports).toEqual([{ kind: 'session', messageId: 'access.refresh-token-failed' }]);
  });

  it('resends a request answered 429 after 1 to 4 seconds when it allows resending', async () => {
    vi.useFakeTimers();
    const fetch = stubFetch(() => errorBody(429, 33, 'Too many requests'), () => new Response('"ok"', { headers: { 'Content-Type': 'application/json' } }));
    const answer = httpClient<string>({ url: '/api/system/info', method: 'GET' }, { resendRequest: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3001);
    await expect(answer).resolves.toBe('ok');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never resends a request that does not allow it, such as sign-in', async () => {
    const fetch = stubFetch(() => errorBody(429, 33, 'Too many failed sign-in attempts'));
    await expect(httpClient({ url: '/api/auth/login', method: 'POST', data: {} })).rejects.toMatchObject({ status: 429 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('counts requests in flight for the loading bar, except those that ignore loading', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const counted = httpClient({ url: '/api/system/info', method: 'GET' });
    expect(requestsInFlight()).toBe(1);
    answer(new Response(''));
    await counted;
    const uncounted = httpClient({ url: '/api/system/info', method: 'GET' }, { ignoreLoading: true });
    expect(requestsInFlight()).toBe(0);
    answer(new Response(''));
    await uncounted;
    expect(requestsInFlight()).toBe(0);
  });

  it('gives a 401 message the sign-out delay, and a request its own delay, or none (spec section 8, "with optional delay")', async () => {
    stubFetch(() => errorBody(401, 10, 'Invalid username or password'));
    await expect(httpClient({ url: '/api/auth/login', method: 'POST', data: {} })).rejects.toMatchObject({ status: 401 });
    await expect(httpClient({ url: '/api/auth/login', method: 'POST', data: {} }, { errorMessageDelayMs: 0 })).rejects.toMatchObject({ status: 401 });
    stubFetch(() => errorBody(400, 31, 'body.email: must be an e-mail'));
    await expect(httpClient({ url: '/api/admin', method: 'POST', data: {} })).rejects.toMatchObject({ status: 400 });
    await expect(httpClient({ url: '/api/admin', method: 'POST', data: {} }, { errorMessageDelayMs: 1500 })).rejects.toMatchObject({ status: 400 });
    expect(reports).toEqual([
      { kind: 'message', message: 'Invalid username or password', delayMs: UNAUTHORIZED_MESSAGE_DELAY_MS },
      { kind: 'message', message: 'Invalid username or password' },
      { kind: 'message', message: 'body.email: must be an e-mail' },
      { kind: 'message', message: 'body.email: must be an e-mail', delayMs: 1500 },
    ]);
  });
});
