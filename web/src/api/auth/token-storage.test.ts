import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken, makeTokenPair } from './test-tokens';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  isAccessTokenValid,
  isRefreshTokenValid,
  storeTokenPair,
  TOKEN_VALIDITY_MARGIN_MS,
} from './token-storage';

describe('token storage (spec sections 3, 4 and 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps both tokens in local storage under the product prefix, each with its expiry in ms', () => {
    const pair = makeTokenPair(900, 3600);
    storeTokenPair(pair);
    expect(localStorage.getItem('starling_jwt_token')).toBe(pair.token);
    expect(localStorage.getItem('starling_refresh_token')).toBe(pair.refreshToken);
    expect(Number(localStorage.getItem('starling_jwt_token_expiration'))).toBe(Date.now() + 900_000);
    expect(Number(localStorage.getItem('starling_refresh_token_expiration'))).toBe(Date.now() + 3_600_000);
  });

  it('does not store a token whose expiry is not after its issue time', () => {
    storeTokenPair({ token: makeToken(0), refreshToken: makeToken(-60) });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(localStorage.getItem('starling_jwt_token_expiration')).toBeNull();
  });

  it('treats a token as valid only while its expiry is more than 2000 ms ahead', () => {
    expect(TOKEN_VALIDITY_MARGIN_MS).toBe(2000);
    storeTokenPair(makeTokenPair(10, 10));
    vi.advanceTimersByTime(10_000 - 2001);
    expect(isAccessTokenValid()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isAccessTokenValid()).toBe(false);
    expect(isRefreshTokenValid()).toBe(false);
  });

  it('forgets both tokens on clear', () => {
    storeTokenPair(makeTokenPair());
    clearTokens();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(isAccessTokenValid()).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
