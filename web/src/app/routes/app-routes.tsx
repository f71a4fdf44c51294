import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '../../components/page-loading/page-loading';
import { PublicOnly, RequireAuth } from './route-guards';

// Spec section 2, public routes. The login page and the shell are separate chunks, so signing in
// downloads neither the shell nor any other page.
const LoginPage = lazy(() => import('../../features/login/login-page'));
const ResetPasswordRequestPage = lazy(() => import('../../features/login/reset-password-request-page'));
const ResetPasswordPage = lazy(() => import('../../features/login/reset-password-page'));
const ResetExpiredPasswordPage = lazy(() => import('../../features/login/reset-expired-password-page'));
const CreatePasswordPage = lazy(() => import('../../features/login/create-password-page'));
const Shell = lazy(() => import('../layout/shell'));

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
            <Shell />
          </RequireAuth>
        </Route>
      </Switch>
    </Suspense>
  );
}
