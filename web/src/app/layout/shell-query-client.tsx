import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { getGetBrokerConfigQueryKey } from '../../api/generated/endpoints/app/app';
import { getIsAdminUserTokenAccessEnabledQueryKey } from '../../api/generated/endpoints/user/user';
import { createQueryClient } from '../../api/query-client';
import { type Loaded, sessionData, subscribeToSessionData } from '../../api/auth/session-data';

/** What the session loaded before the shell (api/auth/session-data.ts), by the query that asks for it again. */
const SESSION_QUERIES: readonly [QueryKey, (data: ReturnType<typeof sessionData>) => Loaded<unknown>][] = [
  [getGetBrokerConfigQueryKey(), (data) => data.brokerConfig],
  [getIsAdminUserTokenAccessEnabledQueryKey(), (data) => data.tokenAccessEnabled],
];

/** Puts the session's answers in the cache, as old as they are, so that pages reuse them by their own staleness rules. */
function seed(queryClient: QueryClient): void {
  const data = sessionData();
  for (const [queryKey, part] of SESSION_QUERIES) {
    const { value, at } = part(data);
    if (value === undefined || (queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0) >= at) continue;
    queryClient.setQueryData(queryKey, value, { updatedAt: at });
  }
}

/**
 * React Query for the signed-in console: one cache a shell, so nothing cached for one user is shown
 * to the next. It comes with the shell's chunk (issue 29: the sign-in page loads without it).
 */
export function ShellQueryClient({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seed(client);
    return client;
  });
  useEffect(() => subscribeToSessionData(() => seed(queryClient)), [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
