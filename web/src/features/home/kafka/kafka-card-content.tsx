import { Classes, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { kafkaUnavailableOf } from '../../../components/kafka/kafka-availability';
import { KafkaUnavailableNote } from '../../../components/kafka/kafka-unavailable-state';

/** What a Kafka card shows: its content, or in a line why Kafka cannot be shown, or the failure; a spinner only until the first answer. */
export function KafkaCardContent<Data>({ query, children }: { query: { data?: Data; error: unknown }; children: (data: Data) => ReactNode }) {
  const unavailable = kafkaUnavailableOf(query.error);
  if (unavailable) return <KafkaUnavailableNote unavailable={unavailable} />;
  if (query.data !== undefined) return children(query.data);
  if (query.error) return <p className={Classes.TEXT_MUTED}>{query.error instanceof Error ? query.error.message : String(query.error)}</p>;
  return <Spinner size={20} />;
}
