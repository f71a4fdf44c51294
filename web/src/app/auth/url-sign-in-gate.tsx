import { type ReactNode, useEffect, useState } from 'react';
import { PageLoading } from '../../components/page-loading/page-loading';
import { showToast } from '../../components/toast/toast-store';
import { LoginErrorDialog } from './login-error-dialog';
import { hasSignInParameters, signInFromUrl, withoutSignInParameters } from './url-sign-in';

// The URL is read once per page load, however often the gate mounts (React's strict mode mounts twice).
let urlSignIn: ReturnType<typeof signInFromUrl> | null = null;

/** Holds the routes back until a sign-in the URL asked for has finished (spec section 2). */
export function UrlSignInGate({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(() => hasSignInParameters(window.location.search));
  const [loginError, setLoginError] = useState<string | null>(null);

  useEffect(() => {
    if (!pending) return;
    urlSignIn ??= signInFromUrl(window.location.search);
    let active = true;
    void urlSignIn.then((result) => {
      if (!active) return;
      window.history.replaceState(window.history.state, '', withoutSignInParameters(new URL(window.location.href)));
      if (result.failure !== null) showToast({ message: result.failure, type: 'error' });
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
      {loginError !== null && <LoginErrorDialog message={loginError} onClose={() => setLoginError(null)} />}
    </>
  );
}
