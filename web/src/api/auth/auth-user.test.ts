import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, getAuthUser, renewSession, startSession, subscribeToSession } from './auth-session';
import { authUserOf } from './auth-user';
import { makeToken } from './test-tokens';

// Spec section 3, auth state: authUser is the decoded token (userId, scopes, isPublic, sub, iat, exp).

const adminClaims = { sub: 'ops@example.com', userId: '5f0c2a9e-admin', scopes: ['SYS_ADMIN'], isPublic: false };

describe('the decoded token of the auth state (spec section 3)', () => {
  afterEach(() => endSession());

  it('holds the claims the console reads, the authority being the first scope', () => {
    const token = makeToken(900, adminClaims);
    const user = authUserOf(token);
    expect(user).toMatchObject({ sub: 'ops@example.com', userId: '5f0c2a9e-admin', scopes: ['SYS_ADMIN'], authority: 'SYS_ADMIN', isPublic: false });
    expect((user?.exp ?? 0) - (user?.iat ?? 0)).toBe(900);
  });

  it('flags a public sign-in and keeps only text scopes', () => {
    expect(authUserOf(makeToken(60, { sub: 'public@starling.local', userId: 'public', scopes: ['ANONYMOUS', 7], isPublic: true }))).toMatchObject({
      isPublic: true,
      scopes: ['ANONYMOUS'],
      authority: 'ANONYMOUS',
    });
  });

  it('is nothing for a text that is no token, or a token without its lifetime', () => {
    expect(authUserOf(null)).toBeNull();
    expect(authUserOf('not-a-token')).toBeNull();
    expect(authUserOf(`${btoa('{}')}.${btoa(JSON.stringify({ sub: 'x' }))}.signature`)).toBeNull();
  });

  it('follows the session: set at sign-in, renewed with the pair, gone at logout', () => {
    expect(getAuthUser()).toBeNull();
    startSession({ token: makeToken(900, adminClaims), refreshToken: makeToken(3600) });
    const signedIn = getAuthUser();
    expect(signedIn?.sub).toBe('ops@example.com');
    // The same object while the token is the same, as React's external stores need.
    expect(getAuthUser()).toBe(signedIn);

    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    renewSession({ token: makeToken(1800, adminClaims), refreshToken: makeToken(3600) });
    expect(listener).toHaveBeenCalled();
    const renewed = getAuthUser();
    expect((renewed?.exp ?? 0) - (renewed?.iat ?? 0)).toBe(1800);
    unsubscribe();

    endSession();
    expect(getAuthUser()).toBeNull();
  });
});
