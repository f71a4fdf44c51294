import { getGetBrokerExtensionsQueryKey, useGetBrokerExtensions } from '../../api/generated/endpoints/starling/starling';
import { useHasSession } from '../../api/auth/use-has-session';

/**
 * A Starling extension (openapi.yaml `x-starling-extension`): a call production brokers do not have.
 * The console asks the broker once per session which it serves (GET /api/starling/extensions) and
 * calls an extension only when it is listed; a broker without that call serves none.
 */
export type ExtensionState = 'available' | 'missing' | 'unknown';

/** Which extensions this broker serves; 'unknown' until the one call has answered. */
export function useBrokerExtensions(): (name: string) => ExtensionState {
  const signedIn = useHasSession();
  const query = useGetBrokerExtensions({
    // Once per session, failure included: a broker without the call is not asked again by each part that mounts (retryOnMount).
    query: { queryKey: getGetBrokerExtensionsQueryKey(), enabled: signedIn, staleTime: Infinity, retry: false, retryOnMount: false, refetchOnWindowFocus: false },
    request: { ignoreErrors: true, ignoreLoading: true },
  });
  return (name) => {
    if (query.data) return query.data.extensions.includes(name) ? 'available' : 'missing';
    // Any failure (404 on a production broker, an older Starling) means no extension is known.
    if (query.isError) return 'missing';
    return 'unknown';
  };
}

/** Whether this broker serves one extension. */
export function useExtension(name: string): ExtensionState {
  return useBrokerExtensions()(name);
}
