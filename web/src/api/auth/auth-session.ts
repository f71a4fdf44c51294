import type { TokenPair } from '../generated/model/tokenPair';
import { type AuthUser, authUserOf } from './auth-user';
import { clearTokens, getAccessToken, isAccessTokenValid, isRefreshTokenValid, storeTokenPair } from './token-storage';

// Spec section 4 (auth): the stored token pair is the session. The HTTP layer ends it when a refresh
// fails; the app shell subscribes to render the signed-in or signed-out state.

type SessionListener = () => void;

const listeners = new Set<SessionListener>();
let signedIn = readStoredSession();

function readStoredSession(): boolean {
  try {
    const stored = isAccessTokenValid() || isRefreshTokenValid();
    // Tokens that can no longer be used (e.g. left from a visit days ago) are not kept around.
    if (!stored) clearTokens();
    return stored;
  } catch {
    // Blocked storage: the start-up check (app/storage-check.ts) tells the user.
    return false;
  }
}

function setSignedIn(value: boolean): void {
  signedIn = value;
  for (const listener of listeners) listener();
}

/** Stores the pair returned by sign-in (or password change, activation…) and starts the session. */
export function startSession(pair: TokenPair): void {
  storeTokenPair(pair);
  setSignedIn(isAccessTokenValid() || isRefreshTokenValid());
}

/** Clears both tokens and ends the session. */
export function endSession(): void {
  clearTokens();
  if (signedIn) setSignedIn(false);
}

export function hasSession(): boolean {
  return signedIn;
}

export function subscribeToSession(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A renewed pair (token refresh): the session goes on with the new tokens, whose claims it tells. */
export function renewSession(pair: TokenPair): void {
  storeTokenPair(pair);
  for (const listener of listeners) listener();
}

let decoded: { token: string | null; user: AuthUser | null } = { token: null, user: null };

/** The stored access token decoded (spec section 3, authUser); the same object until the token changes. */
export function getAuthUser(): AuthUser | null {
  const token = signedIn ? getAccessToken() : null;
  if (token !== decoded.token) decoded = { token, user: authUserOf(token) };
  return decoded.user;
}
