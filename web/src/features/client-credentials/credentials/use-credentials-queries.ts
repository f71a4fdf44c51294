import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { getGetAnonymousAccessQueryKey, useGetAnonymousAccess } from '../../../api/generated/endpoints/mqtt-access/mqtt-access';
import { useExtension } from '../../../components/broker-support/broker-extensions';
import { getGetMqttClientCredentialsInfoQueryKey, getGetMqttClientCredentialsPageQueryKey } from '../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';

/** After credentials were added, changed or deleted: the list, the counts and anonymous access (AUTO follows the count). */
export function refreshCredentialsQueries(queryClient: QueryClient): void {
  for (const queryKey of [getGetMqttClientCredentialsPageQueryKey(), getGetMqttClientCredentialsInfoQueryKey(), getGetAnonymousAccessQueryKey()]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useRefreshCredentialsQueries(): () => void {
  const queryClient = useQueryClient();
  return () => refreshCredentialsQueries(queryClient);
}

/**
 * README "Client access control": in AUTO mode anonymous clients may connect only while no client
 * credentials an operator saved exist, so saving the first ones closes anonymous access and
 * disconnects anonymous clients. True when saving new credentials now would do that, so that the
 * console warns first. The broker's answer decides, not the count of credentials: those it made for
 * the web-socket client's AUTO connections are counted there but keep anonymous access open.
 */
export function useAddingClosesAnonymousAccess(adding: boolean): boolean {
  // A broker without the extension has no such mode: nothing to warn of.
  const served = useExtension('anonymousAccess') === 'available';
  const anonymous = useGetAnonymousAccess({ query: { queryKey: getGetAnonymousAccessQueryKey(), enabled: adding && served } });
  return adding && anonymous.data?.mode === 'AUTO' && anonymous.data.allowed;
}
