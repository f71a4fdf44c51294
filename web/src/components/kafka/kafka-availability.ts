import { ApiError } from '../../api/api-error';
import type { RequestOptions } from '../../api/http-client';

/** openapi.yaml, ErrorCode: the node has no STARLING_KAFKA_BOOTSTRAP (503). */
export const KAFKA_NOT_CONFIGURED = 40;
/** openapi.yaml, ErrorCode: the Kafka cluster did not answer (503, with the reason). */
export const KAFKA_UNREACHABLE = 41;

/** Why the Kafka views cannot show the cluster: no Kafka set up, or one that does not answer. */
export type KafkaUnavailable = { reason: 'not-configured' } | { reason: 'unreachable'; message: string };

/** The broker's 503 of the Kafka operations, read as a state to explain rather than an error to report. */
export function kafkaUnavailableOf(error: unknown): KafkaUnavailable | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.errorCode === KAFKA_NOT_CONFIGURED) return { reason: 'not-configured' };
  if (error.errorCode === KAFKA_UNREACHABLE) return { reason: 'unreachable', message: error.message };
  return undefined;
}

const MAX_RETRIES = 2;

/**
 * Retries of a Kafka query: none when Kafka is missing or unreachable (the broker has already waited
 * for the cluster, and the view says so at once); otherwise the console's rule, a retry only for no
 * answer or a server fault.
 */
export function retryKafkaQuery(failureCount: number, error: unknown): boolean {
  if (kafkaUnavailableOf(error)) return false;
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Kafka views show their failures themselves (no toast for a missing Kafka) and refresh quietly. */
export const KAFKA_REQUEST: RequestOptions = { ignoreLoading: true, ignoreErrors: true };
