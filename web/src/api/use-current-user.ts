import { getGetCurrentUserQueryKey, useGetCurrentUser } from './generated/endpoints/auth/auth';
import type { User } from './generated/model/user';
import { useHasSession } from './use-has-session';

/**
 * The signed-in user, read from the query the auth provider keeps (GET /api/auth/user): pages use
 * it without depending on the app shell, and a page that updates the query (profile save) updates
 * the whole console.
 */
export function useCurrentUser(): User | null {
  const signedIn = useHasSession();
  const query = useGetCurrentUser({
    query: { queryKey: getGetCurrentUserQueryKey(), enabled: signedIn, staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
  });
  return signedIn ? (query.data ?? null) : null;
}
