import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Router } from 'wouter';
import { basePath } from '../api/base-path';
import { AuthProvider } from './auth/auth-provider';
import { useAuth } from './auth/auth-context';
import { DEFAULT_LANG } from './i18n/locale';
import { LocaleProvider } from './i18n/locale-provider';
import { createQueryClient } from './providers/query-client';
import { AppRoutes } from './routes/app-routes';
import { UrlSignInGate } from './auth/url-sign-in-gate';
import { HttpErrorToasts } from './feedback/http-error-toasts';
import { ToastOutlet } from './feedback/toast-outlet';

/** The console: data, routing, session and language providers around the routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Routes are the console's own paths: below its base when it is served under a sub-path. */}
      <Router base={basePath().replace(/\/$/, '')}>
        <AuthProvider>
          <LocalizedRoutes />
        </AuthProvider>
      </Router>
    </QueryClientProvider>
  );
}

/** Spec section 3 (settings): the interface speaks the signed-in user's language, else en_US. */
function LocalizedRoutes() {
  const { user } = useAuth();
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
