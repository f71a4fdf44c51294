import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getGetClientSessionsQueryKey, useGetClientSessions } from '../../../api/generated/endpoints/client-session/client-session';
import type { ClientSessionSortProperty } from '../../../api/generated/model/clientSessionSortProperty';
import type { ConnectionState } from '../../../api/generated/model/connectionState';
import { usePageLink } from '../../../components/table/use-page-link';
import { type SessionFilter, narrowedToState, sessionFilterParams } from '../filter/session-filter';
import { useSessionsUrl } from './use-sessions-url';

/** The list follows the broker without a reload; polls neither show the loading bar nor stack up. */
export const SESSIONS_REFRESH_MS = 10_000;
const POLLING = { refetchInterval: SESSIONS_REFRESH_MS, placeholderData: keepPreviousData } as const;
const QUIET = { ignoreLoading: true } as const;

/**
 * How many sessions of one state the filter matches: the N of "disconnect all N matching". Asked only
 * where the broker can act on them (the sessionBulkActions extension).
 */
function useMatchingCount(filter: SessionFilter, state: ConnectionState, bulkActions: boolean): number {
  const narrowed = bulkActions ? narrowedToState(filter, state) : null;
  const params = { pageSize: 1, page: 0, ...sessionFilterParams(narrowed ?? filter) };
  const count = useGetClientSessions(params, {
    query: { queryKey: getGetClientSessionsQueryKey(params), enabled: narrowed !== null, ...POLLING },
    request: QUIET,
  });
  return narrowed === null ? 0 : (count.data?.totalElements ?? 0);
}

/** The sessions page's list: the URL's filter, the search box, sorting, paging and the matching counts. */
export function useSessionsList(bulkActions: boolean) {
  const url = useSessionsUrl();
  const { clientId: urlSearch, ...panelFilter } = url.filter;
  const pageLink = usePageLink<ClientSessionSortProperty>(
    { property: 'connectedAt', order: 'DESC' },
    { initialSearchText: urlSearch, scope: JSON.stringify(sessionFilterParams({ ...url.filter, clientId: '' })) },
  );
  const { textSearch, ...page } = pageLink.params;
  const filter: SessionFilter = { ...panelFilter, clientId: textSearch ?? '' };
  const params = { ...page, ...sessionFilterParams(filter) };
  const sessions = useGetClientSessions(params, { query: { queryKey: getGetClientSessionsQueryKey(params), ...POLLING }, request: QUIET });

  // The search shows in the URL too, once the operator stops typing, so that the list can be linked to.
  const { setFilter } = url;
  const filterInUrl = url.filter;
  useEffect(() => {
    if ((textSearch ?? '') !== filterInUrl.clientId) setFilter({ ...filterInUrl, clientId: textSearch ?? '' }, { replace: true });
  }, [textSearch, filterInUrl, setFilter]);

  return {
    url,
    pageLink,
    filter,
    sessions,
    matchingConnected: useMatchingCount(filter, 'CONNECTED', bulkActions),
    matchingDisconnected: useMatchingCount(filter, 'DISCONNECTED', bulkActions),
  };
}
