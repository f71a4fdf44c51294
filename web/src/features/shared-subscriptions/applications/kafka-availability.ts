import { getGetKafkaClusterInfoV2QueryKey, useGetKafkaClusterInfoV2 } from '../../../api/generated/endpoints/kafka/kafka';
import { kafkaUnavailableOf } from '../../../components/kafka/kafka-availability';

export function isKafkaNotConfigured(error: unknown): boolean {
  return kafkaUnavailableOf(error)?.reason === 'not-configured';
}

export function isKafkaUnreachable(error: unknown): boolean {
  return kafkaUnavailableOf(error)?.reason === 'unreachable';
}

/** A node's settings change only with a restart: one look per visit is enough. */
const CLUSTER_INFO_STALE_MS = 5 * 60_000;

/**
 * Whether the node has a Kafka cluster configured, read from GET /api/app/cluster-info/v2: the list
 * works without one, but adding a subscription needs one. Unknown (false) until the answer comes, and
 * when Kafka is only unreachable: that may pass, and the broker's answer to a save says so then.
 */
export function useKafkaNotConfigured(): boolean {
  const clusterInfo = useGetKafkaClusterInfoV2({
    query: { queryKey: getGetKafkaClusterInfoV2QueryKey(), retry: false, staleTime: CLUSTER_INFO_STALE_MS },
    request: { ignoreErrors: true, ignoreLoading: true },
  });
  return isKafkaNotConfigured(clusterInfo.error);
}
