import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { PageLoading } from '../../components/page-loading/page-loading';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';
import { hasSignInParameters } from './sign-in-parameters';
import type { UrlSignInResult } from './url-sign-in';

// Loaded only when the URL carries sign-in parameters: most visits have none.
const LoginErrorDialog = lazy(() => import('./login-error-dialog'));

interface UrlSignIn extends UrlSignInResult {
  cleanUrl: string;
}

// The URL is read once per page load, however often the gate mounts (React's strict mode mounts twice).
let urlSignIn: Promise<UrlSignIn> | null = null;

async function runUrlSignIn(): Promise<UrlSignIn> {
  const { signInFromUrl, withoutSignInParameters } = await import('./url-sign-in');
  const result = await signInFromUrl(window.location.search);
  return { ...result, cleanUrl: withoutSignInParameters(new URL(window.location.href)) };
}

/** Holds the routes back until a sign-in the URL asked for has finished (spec section 2). */
export function UrlSignInGate({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(() => hasSignInParameters(window.location.search));
  const [loginError, setLoginError] = useState<string | null>(null);

  useEffect(() => {
    if (!pending) return;
    urlSignIn ??= runUrlSignIn();
    let active = true;
    void urlSignIn.then((result) => {
      if (!active) return;
      window.history.replaceState(window.history.state, '', result.cleanUrl);
      if (result.failure !== null) showToast({ message: plainTextToastMessage(result.failure), type: 'error' });
      setLoginError(result.loginError);
      setPending(false);
    });
    return () => {
      active = false;
    };
  }, [pending]);

  if (pending) return <PageLoading />;
  return (
    <>
      {children}
      {loginError !== null && (
        <Suspense fallback={null}>
          <LoginErrorDialog message={loginError} onClose={() => setLoginError(null)} />
        </Suspense>
      )}
    </>
  );
}
