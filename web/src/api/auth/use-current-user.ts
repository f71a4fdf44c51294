import { useEffect, useSyncExternalStore } from 'react';
import type { User } from '../generated/model/user';
import { loadSessionData, sessionData, subscribeToSessionData } from './session-data';
import { useHasSession } from './use-has-session';

/** What the session has loaded (session-data.ts); re-renders when it changes. */
export function useSessionData() {
  return useSyncExternalStore(subscribeToSessionData, sessionData);
}

/**
 * The signed-in user the session loaded (GET /api/auth/user): pages use it without depending on the
 * app shell, and a page that changes it (profile save) changes it for the whole console.
 */
export function useCurrentUser(): User | null {
  const signedIn = useHasSession();
  const { user } = useSessionData();
  useEffect(() => {
    if (signedIn) loadSessionData(['user']);
  }, [signedIn]);
  return signedIn ? (user.value ?? null) : null;
}
