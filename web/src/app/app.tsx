import { useEffect } from 'react';
import { Router } from 'wouter';
import { basePath } from '../api/base-path';
import { AuthProvider } from './auth/auth-provider';
import { useAuth } from './auth/auth-context';
import { DEFAULT_LANG } from './i18n/locale';
import { LocaleProvider } from './i18n/locale-provider';
import { AppRoutes } from './routes/app-routes';
import { UrlSignInGate } from './auth/url-sign-in-gate';
import { HttpErrorToasts } from './feedback/http-error-toasts';
import { ToastOutlet } from './feedback/toast-outlet';
import { adoptAccountThemeChoice } from '../components/theme/theme';

/**
 * The console: routing, session and language providers around the routes. React Query's client
 * comes with the signed-in shell (layout/shell-query-client.tsx): the sign-in page loads without it.
 */
export function App() {
  return (
    // Routes are the console's own paths: below its base when it is served under a sub-path.
    <Router base={basePath().replace(/\/$/, '')}>
      <AuthProvider>
        <LocalizedRoutes />
      </AuthProvider>
    </Router>
  );
}

/** Spec section 3 (settings): the interface speaks the signed-in user's language, else en_US. */
function LocalizedRoutes() {
  const { user } = useAuth();
  const accountTheme = user?.additionalInfo?.config?.theme;
  useEffect(() => adoptAccountThemeChoice(accountTheme), [accountTheme]);
  return (
    <LocaleProvider lang={user?.additionalInfo?.lang ?? DEFAULT_LANG}>
      <UrlSignInGate>
        <AppRoutes />
      </UrlSignInGate>
      <HttpErrorToasts />
      <ToastOutlet />
    </LocaleProvider>
  );
}
