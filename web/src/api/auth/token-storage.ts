import type { TokenPair } from '../generated/model/tokenPair';
import { decodeJwtClaims } from './jwt-claims';

// Spec section 3 (auth state) and 4: both tokens live in local storage under the product prefix,
// each with its expiry in epoch milliseconds.
const ACCESS_TOKEN_KEY = 'starling_jwt_token';
const REFRESH_TOKEN_KEY = 'starling_refresh_token';
const EXPIRATION_SUFFIX = '_expiration';

/** Spec section 9: a token counts as valid only while its expiry is more than 2000 ms ahead. */
export const TOKEN_VALIDITY_MARGIN_MS = 2000;

/**
 * Stores a token only when its lifetime (exp − iat) is above zero (spec section 4). The expiry is
 * the lifetime counted from the browser's clock, so a clock that differs from the broker's does not
 * make a fresh token look expired.
 */
function storeToken(key: string, token: string): void {
  const claims = decodeJwtClaims(token);
  if (claims?.exp === undefined || claims.iat === undefined) return;
  const lifetimeMs = (claims.exp - claims.iat) * 1000;
  if (lifetimeMs <= 0) return;
  localStorage.setItem(key, token);
  localStorage.setItem(key + EXPIRATION_SUFFIX, String(Date.now() + lifetimeMs));
}

function isTokenValid(key: string): boolean {
  if (localStorage.getItem(key) === null) return false;
  const expiration = Number(localStorage.getItem(key + EXPIRATION_SUFFIX));
  return Number.isFinite(expiration) && expiration - Date.now() > TOKEN_VALIDITY_MARGIN_MS;
}

export function storeTokenPair(pair: TokenPair): void {
  storeToken(ACCESS_TOKEN_KEY, pair.token);
  storeToken(REFRESH_TOKEN_KEY, pair.refreshToken);
}

export function clearTokens(): void {
  for (const key of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY]) {
    localStorage.removeItem(key);
    localStorage.removeItem(key + EXPIRATION_SUFFIX);
  }
}

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

export function isAccessTokenValid(): boolean {
  return isTokenValid(ACCESS_TOKEN_KEY);
}

export function isRefreshTokenValid(): boolean {
  return isTokenValid(REFRESH_TOKEN_KEY);
}
