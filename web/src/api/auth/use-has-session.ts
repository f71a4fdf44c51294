import { useSyncExternalStore } from 'react';
import { hasSession, subscribeToSession } from './auth-session';

/** Whether a token pair is stored; re-renders when a session starts or ends. */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribeToSession, hasSession);
}
