import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { type SessionFilter, sessionFilterFromSearch, withSessionFilter } from '../filter/session-filter';

/** The URL parameter naming the session whose details are open, so that they can be linked to. */
export const OPEN_SESSION_PARAM = 'session';

/** The sessions page's state that belongs in the URL: the filter and the session whose details are open. */
export function useSessionsUrl() {
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => sessionFilterFromSearch(search), [search]);
  return {
    filter,
    openClientId: search.get(OPEN_SESSION_PARAM),
    /** Each applied filter is a step back in the browser's history; the search box replaces its own. */
    setFilter: (next: SessionFilter, { replace = false } = {}) => setSearch((current) => withSessionFilter(current, next), { replace }),
    openSession: (clientId: string | null) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        if (clientId === null) next.delete(OPEN_SESSION_PARAM);
        else next.set(OPEN_SESSION_PARAM, clientId);
        return next;
      }),
  };
}
