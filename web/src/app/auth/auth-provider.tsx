import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { endSession } from '../../api/auth-session';
import { useHasSession } from '../../api/use-has-session';
import { getGetBrokerConfigQueryKey, useGetBrokerConfig } from '../../api/generated/endpoints/app/app';
import { getGetCurrentUserQueryKey, useGetCurrentUser } from '../../api/generated/endpoints/auth/auth';
import { getIsAdminUserTokenAccessEnabledQueryKey, useIsAdminUserTokenAccessEnabled } from '../../api/generated/endpoints/user/user';
import { onHttpError } from '../../api/http-events';
import { useLocation } from 'wouter';
import { AuthContext, type AuthState } from './auth-context';
import { mustChangePassword } from './must-change-password';

const SESSION_QUERY = { staleTime: Infinity, retry: false, refetchOnWindowFocus: false } as const;

/**
 * Spec section 4: a stored token pair becomes an authenticated session once the user
 * (GET /api/auth/user) and the broker config (GET /api/app/config) load; if either fails to load,
 * the user is logged out (spec section 8).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signedIn = useHasSession();
  const userQuery = useGetCurrentUser({
    query: { ...SESSION_QUERY, queryKey: getGetCurrentUserQueryKey(), enabled: signedIn },
  });
  const configQuery = useGetBrokerConfig({
    query: { ...SESSION_QUERY, queryKey: getGetBrokerConfigQueryKey(), enabled: signedIn },
  });
  const sysAdmin = signedIn && userQuery.data?.authority === 'SYS_ADMIN';
  // Spec section 4: loaded once the SYS_ADMIN authority is known; false for anyone else. Not while
  // the password must change: the broker answers such a session only what the forced-change screen needs.
  const passwordSettled = userQuery.data !== undefined && !mustChangePassword(userQuery.data);
  // TBMQ's path (GET /api/admin/user/tokenAccessEnabled), which the bundled broker serves too.
  const tokenAccessQuery = useIsAdminUserTokenAccessEnabled({
    query: { ...SESSION_QUERY, queryKey: getIsAdminUserTokenAccessEnabledQueryKey(), enabled: sysAdmin && passwordSettled },
    request: { ignoreErrors: true },
  });
  const failedToLoad = userQuery.isError || configQuery.isError;

  useEffect(() => {
    if (signedIn && failedToLoad) endSession();
  }, [signedIn, failedToLoad]);

  // The broker refused a call until the password is changed: the user reloads, and its
  // additionalInfo.isPasswordChanged (spec section 2) opens the forced-change screen.
  useEffect(
    () =>
      onHttpError((report) => {
        if (report.kind === 'password-change-required') void queryClient.invalidateQueries({ queryKey: getGetCurrentUserQueryKey() });
      }),
    [queryClient],
  );

  useEffect(() => {
    // Nothing cached for one user may be shown to the next one.
    if (!signedIn) queryClient.removeQueries();
  }, [signedIn, queryClient]);

  // Leaving for /login first keeps the sign-in guard from remembering the page: a user who logs out
  // starts again from home.
  const logout = useCallback(() => {
    navigate('/login');
    endSession();
  }, [navigate]);

  const user = signedIn ? (userQuery.data ?? null) : null;
  const brokerConfig = signedIn ? (configQuery.data ?? null) : null;
  const state = useMemo<AuthState>(() => {
    const loaded = user !== null && brokerConfig !== null;
    return {
      isAuthenticated: signedIn && loaded,
      isUserLoaded: !signedIn || loaded,
      user,
      brokerConfig,
      tokenAccessEnabled: sysAdmin && tokenAccessQuery.data === true,
      logout,
    };
  }, [signedIn, user, brokerConfig, sysAdmin, tokenAccessQuery.data, logout]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
