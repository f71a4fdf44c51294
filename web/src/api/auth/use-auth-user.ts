import { useSyncExternalStore } from 'react';
import type { AuthUser } from './auth-user';
import { getAuthUser, subscribeToSession } from './auth-session';

/** The signed-in access token decoded; re-renders when a session starts, is renewed or ends. */
export function useAuthUser(): AuthUser | null {
  return useSyncExternalStore(subscribeToSession, getAuthUser);
}
