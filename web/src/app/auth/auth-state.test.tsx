import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../api/auth/auth-session';
import { makeToken } from '../../api/auth/test-tokens';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { makeUser } from '../../test-support/test-user';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';

// Spec sections 3 and 4: the auth state keeps the decoded token; the token-access flag is loaded
// when the token carries the SYS_ADMIN authority, and only then.

function AuthUserLine() {
  const { authUser, tokenAccessEnabled, isAuthenticated } = useAuth();
  return (
    <output>
      {authUser ? `${authUser.sub} ${authUser.userId} ${authUser.scopes.join(',')} public=${String(authUser.isPublic)}` : 'nobody'} access={String(tokenAccessEnabled)} signed-in={String(isAuthenticated)}
    </output>
  );
}

function signInWith(claims: Record<string, unknown>) {
  const user = makeUser({ id: String(claims.userId), email: String(claims.sub), authority: claims.scopes === undefined ? 'SYS_ADMIN' : (claims.scopes as ['SYS_ADMIN'])[0] });
  const calls = stubBrokerCalls(({ url }) => {
    if (url.pathname === '/api/auth/user') return Response.json(user);
    if (url.pathname === '/api/app/config') return Response.json({});
    if (url.pathname.endsWith('/tokenAccessEnabled')) return Response.json(true);
    return undefined;
  });
  startSession({ token: makeToken(900, claims), refreshToken: makeToken(3600) });
  renderWithProviders(
    <AuthProvider>
      <AuthUserLine />
    </AuthProvider>,
  );
  return calls;
}

describe('auth state: the decoded token (spec section 3)', () => {
  afterEach(() => {
    cleanup();
    endSession();
    localStorage.clear();
  });

  it("keeps the administrator's claims and loads the token-access flag for the SYS_ADMIN authority", async () => {
    signInWith({ sub: 'ops@example.com', userId: 'u-ops', scopes: ['SYS_ADMIN'], isPublic: false });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('ops@example.com u-ops SYS_ADMIN public=false access=true signed-in=true'));
  });

  it('keeps a public sign-in flagged as such, and never asks for the token-access flag', async () => {
    const calls = signInWith({ sub: 'public@starling.local', userId: 'public', scopes: ['ANONYMOUS'], isPublic: true });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('public@starling.local public ANONYMOUS public=true access=false signed-in=true'));
    expect(calls.filter((call) => call.url.pathname.endsWith('/tokenAccessEnabled'))).toEqual([]);
  });
});
