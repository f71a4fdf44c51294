import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { PageLoading } from '../../components/page-loading/page-loading';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';
import { hasSession } from '../../api/auth/auth-session';
import { signInFromUrl, signsSomeoneIn, type UrlSignInResult, withoutSignInParameters } from './url-sign-in';

// Each only when it is needed.
const LoginErrorDialog = lazy(() => import('./login-error-dialog'));
const ReplaceSessionDialog = lazy(() => import('./replace-session-dialog'));

interface UrlSignIn extends UrlSignInResult {
  cleanUrl: string;
}

// The URL is read once per page load, however often the gate mounts (React's strict mode mounts twice).
let urlSignIn: Promise<UrlSignIn> | null = null;

async function runUrlSignIn(): Promise<UrlSignIn> {
  const result = await signInFromUrl(window.location.search);
  return { ...result, cleanUrl: withoutSignInParameters(new URL(window.location.href)) };
}

/**
 * The sign-in a URL asks for (spec section 2), loaded only for such a URL (url-sign-in-gate.tsx): the
 * routes wait until it has finished. A link that would replace the session signed in here asks
 * first (security review N19).
 */
export default function UrlSignInFlow({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(true);
  const [asking, setAsking] = useState(() => hasSession() && signsSomeoneIn(window.location.search));
  const [loginError, setLoginError] = useState<string | null>(null);
  // The session signed in here when the page opened, which the link's replaces.
  const [replacing] = useState(asking);

  const keepSession = () => {
    window.history.replaceState(window.history.state, '', withoutSignInParameters(new URL(window.location.href)));
    setAsking(false);
    setPending(false);
  };

  useEffect(() => {
    if (!pending || asking) return;
    urlSignIn ??= runUrlSignIn();
    let active = true;
    void urlSignIn.then((result) => {
      if (!active) return;
      // Everything loaded for the previous session goes with it: the console starts again.
      if (replacing && result.failure === null) {
        window.location.replace(result.cleanUrl);
        return;
      }
      window.history.replaceState(window.history.state, '', result.cleanUrl);
      if (result.failure !== null) showToast({ message: plainTextToastMessage(result.failure), type: 'error' });
      setLoginError(result.loginError);
      setPending(false);
    });
    return () => {
      active = false;
    };
  }, [pending, asking, replacing]);

  if (asking) {
    return (
      <Suspense fallback={<PageLoading />}>
        <ReplaceSessionDialog onKeep={keepSession} onReplace={() => setAsking(false)} />
      </Suspense>
    );
  }
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
