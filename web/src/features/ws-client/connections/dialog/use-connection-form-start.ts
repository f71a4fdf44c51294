import { getGetBrokerConfigQueryKey, useGetBrokerConfig } from '../../../../api/generated/endpoints/app/app';
import { getGetWsConnectionsQueryKey, useGetWsConnections } from '../../../../api/generated/endpoints/ws-client/ws-client';
import type { BrokerConfig } from '../../../../api/generated/model/brokerConfig';
import type { GetWsConnectionsParams } from '../../../../api/generated/model/getWsConnectionsParams';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import { connectionPageOf } from '../list/connection-page';
import { connectionFormValuesOf, type ConnectionFormValues, newConnectionForm } from '../form/connection-form-values';
import { DEFAULT_CONNECTION_NAME, uniqueConnectionName } from '../form/connection-name';
import { defaultUrlParts } from '../form/connection-url';
import { randomClientId } from '../form/random-client-id';

/** Every connection a user keeps fits one page (openapi.yaml: 100 at most). */
const ALL_CONNECTIONS = 100;

export interface ConnectionFormStart {
  /** Undefined while the broker's config or the taken names load. */
  values: ConnectionFormValues | undefined;
  config: BrokerConfig | undefined;
}

/**
 * The values a connection dialog opens with: the connection's own when editing; for a new one the
 * broker's web-socket listener, a fresh client id and a name no other connection has; a duplicate
 * takes the original's settings with a new name and client id.
 */
export function useConnectionFormStart(connection: WsConnection | undefined, duplicate: boolean): ConnectionFormStart {
  const config = useGetBrokerConfig({ query: { queryKey: getGetBrokerConfigQueryKey(), staleTime: Infinity }, request: { ignoreErrors: true, ignoreLoading: true } });
  const editing = connection !== undefined && !duplicate;
  const baseName = connection?.name ?? DEFAULT_CONNECTION_NAME;
  const params: GetWsConnectionsParams = { pageSize: ALL_CONNECTIONS, page: 0, textSearch: baseName };
  const names = useGetWsConnections(params, { query: { queryKey: getGetWsConnectionsQueryKey(params), enabled: !editing } });
  if (editing) return { values: connectionFormValuesOf(connection), config: config.data };
  // Without the config the bundled broker's defaults do; without the names the broker's 409 tells.
  if (config.isPending || names.isPending) return { values: undefined, config: undefined };
  const name = uniqueConnectionName(baseName, connectionPageOf(names.data)?.data.map((other) => other.name) ?? []);
  const values = connection
    ? { ...connectionFormValuesOf(connection), name, clientId: randomClientId() }
    : newConnectionForm(name, defaultUrlParts(config.data, window.location.hostname), randomClientId());
  return { values, config: config.data };
}
