import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import {
  disconnectClientSession,
  disconnectClientSessions,
  disconnectFilteredClientSessions,
  getGetClientEventsQueryKey,
  getGetClientSessionDetailsQueryKey,
  getGetClientSessionStatsQueryKey,
  getGetClientSessionsQueryKey,
  removeClientSession,
  removeClientSessions,
  removeFilteredClientSessions,
} from '../../../api/generated/endpoints/client-session/client-session';
import { getGetAllSubscriptionsQueryKey, getGetClientSubscriptionsQueryKey } from '../../../api/generated/endpoints/subscription/subscription';
import { showToast } from '../../../components/toast/toast-store';
import { type SessionFilter, sessionFilterParams } from '../filter/session-filter';

/** Disconnect a connected client (its persistent session stays), or remove an offline session. */
export type SessionActionKind = 'disconnect' | 'remove';

/** What an action applies to: one session, the ticked rows, or every session the filter matches. */
export type SessionActionTarget =
  | { scope: 'one'; clientId: string; sessionId: string }
  | { scope: 'selection'; clientIds: string[] }
  | { scope: 'filtered'; filter: SessionFilter; count: number };

export interface SessionAction {
  kind: SessionActionKind;
  target: SessionActionTarget;
}

/** How many sessions the action is about, as its confirm dialog says. */
export function sessionActionCount({ target }: SessionAction): number {
  if (target.scope === 'one') return 1;
  return target.scope === 'selection' ? target.clientIds.length : target.count;
}

/** Runs the action's call; answers how many sessions it changed. One session: TBMQ's calls, which every broker serves; many: the sessionBulkActions extension. */
async function runSessionAction({ kind, target }: SessionAction): Promise<number> {
  const disconnecting = kind === 'disconnect';
  if (target.scope === 'one') {
    const params = { clientId: target.clientId, sessionId: target.sessionId };
    await (disconnecting ? disconnectClientSession(params) : removeClientSession(params));
    return 1;
  }
  if (target.scope === 'selection') {
    const list = { clientIds: target.clientIds };
    return (await (disconnecting ? disconnectClientSessions(list) : removeClientSessions(list))).affectedCount;
  }
  const params = sessionFilterParams(target.filter);
  return (await (disconnecting ? disconnectFilteredClientSessions(params) : removeFilteredClientSessions(params))).affectedCount;
}

/**
 * A production broker (TBMQ) applies a disconnect or removal through its own queues after answering,
 * so the views look again a few times over the next seconds, not only at once.
 */
const FOLLOW_UP_DELAYS_MS = [500, 1_500, 3_500, 7_000];

/** Everything that shows sessions is out of date after an action. */
export function refreshSessionViews(queryClient: QueryClient): void {
  for (const queryKey of [
    getGetClientSessionsQueryKey(),
    getGetClientSessionDetailsQueryKey(),
    getGetClientSessionStatsQueryKey(),
    getGetClientEventsQueryKey(),
    getGetClientSubscriptionsQueryKey(),
    getGetAllSubscriptionsQueryKey(),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Runs a confirmed session action and tells the operator how many sessions it changed. */
export function useSessionActionMutation(onDone: (action: SessionAction) => void) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation<number, ApiError, SessionAction>({
    mutationFn: runSessionAction,
    onSuccess: (count, action) => {
      const id = action.kind === 'disconnect' ? 'session.clients-disconnected' : 'session.sessions-removed';
      showToast({ message: intl.formatMessage({ id }, { count }), type: 'success' });
      onDone(action);
    },
    onSettled: () => {
      refreshSessionViews(queryClient);
      for (const delay of FOLLOW_UP_DELAYS_MS) setTimeout(() => refreshSessionViews(queryClient), delay);
    },
  });
}
