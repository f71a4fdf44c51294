import { lazy, Suspense, useEffect, useState } from 'react';
import { Route, Switch } from 'wouter';
import { basePath } from '../../api/base-path';
import { preloadable } from '../../components/lazy/preloadable';
import { PageLoading } from '../../components/page-loading/page-loading';
import { PublicOnly, RequireAuth } from './route-guards';

// Spec section 2, public routes. The login page and the shell are separate chunks, so signing in
// downloads neither the shell nor any other page.
const LoginPage = lazy(() => import('../../features/login/login-page'));
const ResetPasswordRequestPage = lazy(() => import('../../features/login/reset-password-request-page'));
const ResetPasswordPage = lazy(() => import('../../features/login/reset-password-page'));
const ResetExpiredPasswordPage = lazy(() => import('../../features/login/reset-expired-password-page'));
const CreatePasswordPage = lazy(() => import('../../features/login/create-password-page'));
// The shell's loader also fetches the page at the current URL: the shell's first render shows it.
const Shell = preloadable(() =>
  import('../layout/shell').then(async (shell) => {
    const path = window.location.pathname.slice(basePath().length - 1);
    await shell.preloadPageAt(`${path}${window.location.search}`).catch(() => undefined);
    return shell;
  }),
);

const publicRoutes = [
  { path: '/login', page: LoginPage },
  { path: '/login/resetPasswordRequest', page: ResetPasswordRequestPage },
  { path: '/login/resetPassword', page: ResetPasswordPage },
  { path: '/login/resetExpiredPassword', page: ResetExpiredPasswordPage },
  { path: '/login/createPassword', page: CreatePasswordPage },
];

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {publicRoutes.map(({ path, page: Page }) => (
          <Route key={path} path={path}>
            <PublicOnly>
              <Page />
            </PublicOnly>
          </Route>
        ))}
        <Route>
          <RequireAuth>
            <ShellWhenLoaded />
          </RequireAuth>
        </Route>
      </Switch>
    </Suspense>
  );
}

/**
 * The shell, once its code and its first page's have arrived; a spinner until then. Not a Suspense
 * fallback: content that replaces one is held back until 300 ms after it showed, and the first
 * signed-in page would wait for that (see components/lazy/preloadable.ts).
 */
function ShellWhenLoaded() {
  const [loaded, setLoaded] = useState(Shell.isLoaded);
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    // A chunk that failed to load fails again in the render, where its error shows.
    const show = () => mounted && setLoaded(true);
    Shell.preload().then(show, show);
    return () => {
      mounted = false;
    };
  }, [loaded]);
  return loaded ? <Shell /> : <PageLoading />;
}
