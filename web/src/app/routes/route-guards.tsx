import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PageLoading } from '../../components/page-loading/page-loading';
import { useAuth } from '../auth/auth-context';
import { DEFAULT_URL, forgetRedirectUrl, peekRedirectUrl, rememberRedirectUrl } from '../auth/redirect-url';

/** Spec section 2: an unauthenticated user on a non-public route goes to login; the target is remembered. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isUserLoaded } = useAuth();
  if (!isUserLoaded) return <PageLoading />;
  if (!isAuthenticated) return <RedirectToLogin />;
  return children;
}

/** Public pages are for signed-out users; a signed-in one continues to the remembered URL or home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <RedirectAfterSignIn />;
  return children;
}

function RedirectToLogin() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useLayoutEffect(() => {
    rememberRedirectUrl(search ? `${location}?${search}` : location);
    navigate('/login', { replace: true });
  }, [location, search, navigate]);
  return null;
}

function RedirectAfterSignIn() {
  const target = peekRedirectUrl() ?? DEFAULT_URL;
  useEffect(() => forgetRedirectUrl(), []);
  return <Redirect to={target} replace />;
}
