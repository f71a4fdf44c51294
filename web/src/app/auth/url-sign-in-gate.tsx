import { lazy, type ReactNode, Suspense, useState } from 'react';
import { PageLoading } from '../../components/page-loading/page-loading';
import { hasSignInParameters } from './sign-in-parameters';

// Loaded only when the URL carries sign-in parameters: most visits have none.
const UrlSignInFlow = lazy(() => import('./url-sign-in-flow'));

/** Holds the routes back until a sign-in the URL asked for has finished (spec section 2). */
export function UrlSignInGate({ children }: { children: ReactNode }) {
  const [signingIn] = useState(() => hasSignInParameters(window.location.search));
  if (!signingIn) return children;
  return (
    <Suspense fallback={<PageLoading />}>
      <UrlSignInFlow>{children}</UrlSignInFlow>
    </Suspense>
  );
}
