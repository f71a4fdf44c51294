import { useSyncExternalStore } from 'react';
import type { WsSession } from './ws-session';

/** The session's status, failure, status log and refused filters, re-read whenever they change. */
export function useSessionState(session: WsSession) {
  useSyncExternalStore(session.subscribeToChanges, session.getChangeVersion);
  return { status: session.getStatus(), failure: session.getFailure(), log: session.getStatusLog(), refusals: session.getRefusals() };
}

/** Re-renders at most once per animation frame while something with a version (a store, the tree) changes. */
export function useFrameVersion(source: { subscribe(listener: () => void): () => void; getVersion(): number }): number {
  return useSyncExternalStore(source.subscribe, source.getVersion);
}
