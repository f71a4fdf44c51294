import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { endSession } from '../../api/auth/auth-session';
import { onHttpError } from '../../api/http-events';
import { loadSessionData, reloadSessionUser } from '../../api/auth/session-data';
import { useAuthUser } from '../../api/auth/use-auth-user';
import { useSessionData } from '../../api/auth/use-current-user';
import { useHasSession } from '../../api/auth/use-has-session';
import { useLocation } from 'wouter';
import { AuthContext, type AuthState } from './auth-context';
import { mustChangePassword } from './must-change-password';

/**
 * Spec section 4: a stored token pair becomes an authenticated session once the user
 * (GET /api/auth/user) and the broker config (GET /api/app/config) load; if either fails to load,
 * the user is logged out (spec section 8). Plain calls (api/auth/session-data.ts): React Query loads
 * with the signed-in shell, not with the sign-in page (issue 29).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const signedIn = useHasSession();
  const session = useSessionData();
  const loadedUser = session.user.value;
  const authUser = useAuthUser();
  // Spec section 4: the authority the token was issued with (its scopes), known at sign-in.
  const sysAdmin = signedIn && authUser?.authority === 'SYS_ADMIN';
  // Spec section 4: loaded once the SYS_ADMIN authority is known; false for anyone else. Not while
  // the password must change: the broker answers such a session only what the forced-change screen needs.
  const passwordSettled = loadedUser !== undefined && !mustChangePassword(loadedUser);
  const failedToLoad = session.user.failed || session.brokerConfig.failed;

  useEffect(() => {
    if (signedIn) loadSessionData(['user', 'brokerConfig']);
  }, [signedIn]);

  useEffect(() => {
    if (sysAdmin && passwordSettled) loadSessionData(['tokenAccessEnabled']);
  }, [sysAdmin, passwordSettled]);

  useEffect(() => {
    if (signedIn && failedToLoad) endSession();
  }, [signedIn, failedToLoad]);

  // The broker refused a call until the password is changed: the user reloads, and its
  // additionalInfo.isPasswordChanged (spec section 2) opens the forced-change screen.
  useEffect(
    () =>
      onHttpError((report) => {
        if (report.kind === 'password-change-required') reloadSessionUser();
      }),
    [],
  );

  // Leaving for /login first keeps the sign-in guard from remembering the page: a user who logs out
  // starts again from home.
  const logout = useCallback(() => {
    navigate('/login');
    endSession();
  }, [navigate]);

  const user = signedIn ? (loadedUser ?? null) : null;
  const brokerConfig = signedIn ? (session.brokerConfig.value ?? null) : null;
  const tokenAccessEnabled = sysAdmin && session.tokenAccessEnabled.value === true;
  const state = useMemo<AuthState>(() => {
    const loaded = user !== null && brokerConfig !== null;
    return {
      isAuthenticated: signedIn && loaded,
      isUserLoaded: !signedIn || loaded,
      authUser: signedIn ? authUser : null,
      user,
      brokerConfig,
      tokenAccessEnabled,
      logout,
    };
  }, [signedIn, authUser, user, brokerConfig, tokenAccessEnabled, logout]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
