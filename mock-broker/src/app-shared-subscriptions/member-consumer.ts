import { Consumer, MessagesStreamFallbackModes, MessagesStreamModes, type MessagesStream } from '@platformatic/kafka';
import { kafkaClientOptions } from '../kafka/kafka-connection.js';
import type { KafkaSettings } from '../kafka/kafka-settings.js';

/** Bytes one fetch brings at most (about 2,500 small messages): a backlog fetched whole (10 MiB by default) keeps so many records waiting that they outlive the young generation, which the collector pays for. */
const FETCH_MAX_BYTES = 256 * 1024;
/** How long a fetch waits for a first record when nothing is there: a quiet subscription's fetch answers as soon as one comes. */
const FETCH_MAX_WAIT_MS = 200;
/**
 * Under load (a fetch brought at least BUSY_FETCH_RECORDS records), the next fetch asks Kafka to
 * gather BUSY_FETCH_MIN_BYTES, waiting at most BUSY_FETCH_MAX_WAIT_MS: fewer, larger fetches, each
 * one a request less for Kafka and for the node (at 40,000 messages/s over two members, about 60
 * fetches a second instead of 300). On the app-shared bench 20 ms did better than 10 ms (more
 * fetches) and than 40 ms (the last messages of a burst wait longer). A fetch that brings fewer
 * makes the next one answer at once again.
 */
const BUSY_FETCH_RECORDS = 64;
const BUSY_FETCH_MIN_BYTES = 64 * 1024;
const BUSY_FETCH_MAX_WAIT_MS = 20;

/** The Kafka consumer of one member, in the share name's consumer group; offsets are committed by the member, never by the client. */
export function memberConsumer(kafka: KafkaSettings, groupId: string): Consumer<Buffer, Buffer, Buffer, Buffer> {
  return new Consumer<Buffer, Buffer, Buffer, Buffer>({
    ...kafkaClientOptions(kafka, `starling-app-shared-member`),
    groupId,
    sessionTimeout: 10_000,
    rebalanceTimeout: 10_000,
    heartbeatInterval: 1000,
    autocommit: false,
  });
}

/** The records of the subscription's Kafka topic in the partitions the group gives the consumer, from the group's committed offsets. */
export function consumeSubscription(consumer: Consumer<Buffer, Buffer, Buffer, Buffer>, kafkaTopic: string): Promise<MessagesStream<Buffer, Buffer, Buffer, Buffer>> {
  return consumer.consume({
    topics: [kafkaTopic],
    mode: MessagesStreamModes.COMMITTED,
    // A new group starts from the first message the topic holds: nothing written before a member came is lost.
    fallbackMode: MessagesStreamFallbackModes.EARLIEST,
    autocommit: false,
    minBytes: 1,
    maxWaitTime: FETCH_MAX_WAIT_MS,
    busyRecords: BUSY_FETCH_RECORDS,
    busyMinBytes: BUSY_FETCH_MIN_BYTES,
    busyMaxWaitTime: BUSY_FETCH_MAX_WAIT_MS,
    maxBytes: FETCH_MAX_BYTES,
    highWaterMark: 256,
  });
}
