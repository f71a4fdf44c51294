import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Route, Switch } from 'wouter';
import { basePath } from '../../api/base-path';
import { preloadable } from '../../components/lazy/preloadable';
import { PageLoading } from '../../components/page-loading/page-loading';
import { DEFAULT_URL, peekRedirectUrl } from '../auth/redirect-url';
import { PublicOnly, RequireAuth } from './route-guards';

// Spec section 2, public routes. The login page and the shell are separate chunks, so signing in
// downloads neither the shell nor any other page.
const LoginPage = lazy(() => import('../../features/login/login-page'));
const ResetPasswordRequestPage = lazy(() => import('../../features/login/reset-password-request-page'));
const ResetPasswordPage = lazy(() => import('../../features/login/reset-password-page'));
const ResetExpiredPasswordPage = lazy(() => import('../../features/login/reset-expired-password-page'));
const CreatePasswordPage = lazy(() => import('../../features/login/create-password-page'));
/** Where the shell opens: the current URL, or, from a public page, where signing in leads. */
function shellDestination(): string {
  const path = window.location.pathname.slice(basePath().length - 1);
  if (path === '/login' || path.startsWith('/login/')) return peekRedirectUrl() ?? DEFAULT_URL;
  return `${path}${window.location.search}`;
}

// The shell's loader also fetches the page it opens on: the shell's first render shows it.
const Shell = preloadable(() =>
  import('../layout/shell').then(async (shell) => {
    await shell.preloadPageAt(shellDestination()).catch(() => undefined);
    return shell;
  }),
);

/**
 * Fetches the shell and the page signing in leads to once the sign-in page has painted, so that the
 * code arrives and runs while the user types, not after the submit (issue 29: sign-in → home). A
 * failure is left to the shell's own load after sign-in, which shows it.
 */
function PreloadShellAfterPaint() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before the frame paints; the timer after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void Shell.preload().catch(() => undefined), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return null;
}

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
              {path === '/login' && <PreloadShellAfterPaint />}
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
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let mounted = true;
    // A chunk that failed to load fails again in the render, where its error shows. The shell and
    // its first page render as a transition, which React splits into slices: with their code
    // fetched ahead (on the sign-in page) that render would otherwise be one long task right after
    // the sign-in (issue 29).
    const show = () => mounted && startTransition(() => setLoaded(true));
    Shell.preload().then(show, show);
    return () => {
      mounted = false;
    };
  }, []);
  return loaded ? <Shell /> : <PageLoading />;
}
