import { ApiError } from '../../../api/api-error';
import { getGetKafkaClusterInfoQueryKey, useGetKafkaClusterInfo } from '../../../api/generated/endpoints/kafka/kafka';

/** openapi.yaml, KafkaUnavailable: 40 when the node has no Kafka cluster configured, 41 when it cannot reach it. */
export const KAFKA_NOT_CONFIGURED = 40;
export const KAFKA_UNREACHABLE = 41;

export function isKafkaNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.errorCode === KAFKA_NOT_CONFIGURED;
}

export function isKafkaUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.errorCode === KAFKA_UNREACHABLE;
}

/** A node's settings change only with a restart: one look per visit is enough. */
const CLUSTER_INFO_STALE_MS = 5 * 60_000;

/**
 * Whether the node has a Kafka cluster configured, read from GET /api/app/cluster-info: the list
 * works without one, but adding a subscription needs one. Unknown (false) until the answer comes, and
 * when Kafka is only unreachable: that may pass, and the broker's answer to a save says so then.
 */
export function useKafkaNotConfigured(): boolean {
  const clusterInfo = useGetKafkaClusterInfo({
    query: { queryKey: getGetKafkaClusterInfoQueryKey(), retry: false, staleTime: CLUSTER_INFO_STALE_MS },
    request: { ignoreErrors: true, ignoreLoading: true },
  });
  return isKafkaNotConfigured(clusterInfo.error);
}
