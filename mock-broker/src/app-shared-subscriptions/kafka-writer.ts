import { Producer, ProduceAcks, type MessageToProduce } from '@platformatic/kafka';
import { kafkaClientOptions } from '../kafka/kafka-connection.js';
import type { KafkaSettings } from '../kafka/kafka-settings.js';
import { encodeKafkaMessage, type KafkaMessage } from './app-shared-subscription.js';

/** How long a write waits for others to join its batch. */
const LINGER_MS = 2;
/** Records in one produce request at most. */
const MAX_BATCH = 2000;
/** Records waiting for Kafka at most; beyond, writes fail at once (the publisher gets no acknowledgement). */
const MAX_WAITING = 50_000;

type Done = (error?: Error) => void;

interface Waiting {
  record: MessageToProduce<Buffer, Buffer, Buffer, Buffer>;
  done: Done;
}

/**
 * Writes messages to Kafka topics with acks from all in-sync replicas. Writes arriving together go
 * in one request, one request at a time, so that the records of one MQTT topic (one key, hence one
 * partition) keep the order they were written in, even when a request is retried.
 */
export class KafkaWriter {
  private producer: Producer<Buffer, Buffer, Buffer, Buffer> | undefined;
  private waiting: Waiting[] = [];
  private sending = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly settings: KafkaSettings | undefined) {}

  /** Calls done once Kafka acknowledged the record, or with the error that kept it out. */
  write(kafkaTopic: string, mqttTopic: string, message: KafkaMessage, done: Done): void {
    if (this.settings === undefined || this.closed) {
      done(new Error('Kafka is not available: the message cannot be written to its application shared subscription'));
      return;
    }
    if (this.waiting.length >= MAX_WAITING) {
      done(new Error('Too many messages wait for Kafka: the message cannot be written now'));
      return;
    }
    this.waiting.push({ record: { topic: kafkaTopic, key: Buffer.from(mqttTopic, 'utf8'), value: encodeKafkaMessage(message) }, done });
    this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const left = this.waiting.splice(0);
    for (const each of left) each.done(new Error('The node is stopping'));
    const producer = this.producer;
    this.producer = undefined;
    await producer?.close().catch(() => undefined);
  }

  private schedule(): void {
    if (this.sending || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, LINGER_MS);
  }

  private async flush(): Promise<void> {
    if (this.sending || this.waiting.length === 0 || this.settings === undefined) return;
    this.sending = true;
    const batch = this.waiting.splice(0, MAX_BATCH);
    try {
      this.producer ??= new Producer({ ...kafkaClientOptions(this.settings, 'starling-app-shared-writer'), retries: 3, acks: ProduceAcks.ALL });
      await this.producer.send({ messages: batch.map((each) => each.record), acks: ProduceAcks.ALL });
      for (const each of batch) each.done();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const each of batch) each.done(failure);
      // A client that failed may hold a broken connection: the next batch starts afresh.
      const producer = this.producer;
      this.producer = undefined;
      void producer?.close().catch(() => undefined);
    } finally {
      this.sending = false;
    }
    if (this.waiting.length > 0 && !this.closed) {
      if (this.waiting.length >= MAX_BATCH) void this.flush();
      else this.schedule();
    }
  }
}
