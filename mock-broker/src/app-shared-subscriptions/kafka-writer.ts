import { defaultPartitioner, Producer, ProduceAcks, type ClusterMetadata, type MessageToProduce, type Partitioner } from '@platformatic/kafka';
import { kafkaClientOptions } from '../kafka/kafka-connection.js';
import { DEFAULT_KAFKA_LIMITS, type KafkaSettings } from '../kafka/kafka-settings.js';
import { encodeKafkaMessage, type KafkaMessage } from './app-shared-subscription.js';

/** How long a write waits for others to join its batch (time spent waiting for the request before counts too). */
const LINGER_MS = 2;
/** Records in one produce request at most. */
const MAX_BATCH = 2000;
/** Records waiting for Kafka at most; beyond, writes are refused at once (KafkaQueueFull). */
const MAX_WAITING = 50_000;
/** What one waiting record costs beside its key and value (the objects that hold it), counted against the byte bound. */
const RECORD_OVERHEAD_BYTES = 128;
/** Record keys (MQTT topics) kept encoded: a node's publishers use a bounded set of topics over and over. */
const MAX_CACHED_KEYS = 4096;

type Done = (error?: Error) => void;

/** What the writer needs of a Kafka producer: send a batch of records, close. */
export interface RecordSender {
  send(request: { messages: MessageToProduce<Buffer, Buffer, Buffer, Buffer>[]; acks: number }): Promise<unknown>;
  close(): Promise<unknown>;
}

/** Called with the cluster's metadata each time the producer fetches it for the topics it writes to. */
export type MetadataListener = (metadata: Pick<ClusterMetadata, 'topics'>) => void;

type MakeSender = (settings: KafkaSettings, partitioner: Partitioner<Buffer, Buffer, Buffer, Buffer>, metadata: MetadataListener) => RecordSender;

/**
 * The real producer, with the writer's partitioning. It fetches the metadata of the topics it
 * writes to again once what it has is older than its maximum age (5 s), and passes it on.
 */
export const kafkaProducer: MakeSender = (settings, partitioner, metadata) => {
  const producer = new Producer<Buffer, Buffer, Buffer, Buffer>({ ...kafkaClientOptions(settings, 'starling-app-shared-writer'), retries: 3, acks: ProduceAcks.ALL, partitioner });
  producer.on('client:metadata', metadata);
  return producer;
};

interface Waiting {
  record: MessageToProduce<Buffer, Buffer, Buffer, Buffer>;
  done: Done;
}

/** The write was refused because the records waiting for Kafka are at their bound (STARLING_KAFKA_MAX_QUEUED_BYTES). */
export class KafkaQueueFull extends Error {}

/**
 * Writes messages to Kafka topics; a write is done once every replica of its partition in sync
 * has it. Writes arriving together go in one request, one request at a time, so that the records
 * of one MQTT topic (one key, hence one partition) keep the order they were written in, even when
 * a request is retried.
 *
 * The request asks for acks from all in-sync replicas, unless every topic in it has a single
 * replica per partition: then it asks for the leader's (acks 1). The in-sync replicas of such a
 * partition are its leader alone, so both answer at the same point, the records in the leader's
 * log; acks 1 spares the node its wait for replicas that do not exist (the delayed-produce
 * purgatory), about 15 % of its request handling in the bench. What a topic has is taken from the
 * producer's metadata: a topic not seen yet, or seen with more replicas, gets acks from all.
 */
export class KafkaWriter {
  private producer: RecordSender | undefined;
  private waiting: Waiting[] = [];
  /** When the oldest waiting record came (performance.now()). */
  private waitingSince = 0;
  /** Bytes of the records waiting or being sent: they are held until Kafka answers. */
  private heldBytes = 0;
  private heldRecords = 0;
  private sending = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly keys = new Map<string, Buffer>();
  /** The most replicas a partition of each topic written to has, as the producer's metadata last said. */
  private readonly replicas = new Map<string, number>();
  private readonly learnReplicas: MetadataListener = (metadata) => {
    for (const [name, topic] of metadata.topics) {
      if (topic === undefined) continue;
      if (!this.replicas.has(name) && this.replicas.size >= MAX_CACHED_KEYS) this.replicas.clear();
      this.replicas.set(name, topic.partitions.reduce((most, partition) => Math.max(most, partition?.replicas.length ?? Infinity), 0));
    }
  };
  /** The client's own partitioning (murmur2 of the key), worked out once per cached key rather than per record. */
  private readonly hashes = new WeakMap<Buffer, number>();
  private readonly partitioner: Partitioner<Buffer, Buffer, Buffer, Buffer> = (message, key) => {
    if (!Buffer.isBuffer(key)) return defaultPartitioner(message, key);
    let hash = this.hashes.get(key);
    if (hash === undefined) {
      hash = defaultPartitioner(message, key);
      this.hashes.set(key, hash);
    }
    return hash;
  };

  constructor(
    private readonly settings: KafkaSettings | undefined,
    private readonly makeProducer: MakeSender = kafkaProducer,
  ) {}

  /**
   * Writes the message to each Kafka topic; calls done once Kafka acknowledged every record, or
   * with the first error that kept one out. All or none are taken: when their bytes would pass
   * the bound, none is queued and done gets KafkaQueueFull at once.
   */
  write(kafkaTopics: string[], mqttTopic: string, message: KafkaMessage, done: Done): void {
    if (this.settings === undefined || this.closed) {
      done(new Error('Kafka is not available: the message cannot be written to its application shared subscription'));
      return;
    }
    const key = this.keyOf(mqttTopic);
    const value = encodeKafkaMessage(message);
    const bytes = key.length + value.length + RECORD_OVERHEAD_BYTES;
    const maxBytes = this.settings.limits?.maxQueuedBytes ?? DEFAULT_KAFKA_LIMITS.maxQueuedBytes;
    if (this.heldRecords + kafkaTopics.length > MAX_WAITING || this.heldBytes + bytes * kafkaTopics.length > maxBytes) {
      done(new KafkaQueueFull('Too much waits for Kafka: the message cannot be taken now'));
      return;
    }
    if (this.waiting.length === 0) this.waitingSince = performance.now();
    let left = kafkaTopics.length;
    let failure: Error | undefined;
    const each = (error?: Error) => {
      this.heldBytes -= bytes;
      this.heldRecords--;
      failure ??= error;
      if (--left === 0) done(failure);
    };
    for (const topic of kafkaTopics) {
      this.heldBytes += bytes;
      this.heldRecords++;
      // The value is shared by the records of one message: it is held once, counted for each (an upper bound).
      this.waiting.push({ record: { topic, key, value }, done: each });
    }
    this.schedule();
  }

  /** The topic as a record key, encoded once while it keeps coming (the records only read it). */
  private keyOf(mqttTopic: string): Buffer {
    let key = this.keys.get(mqttTopic);
    if (key === undefined) {
      if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
      key = Buffer.from(mqttTopic, 'utf8');
      this.keys.set(mqttTopic, key);
    }
    return key;
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

  /** The leader's acks when every topic of the batch has a single replica per partition; else all in-sync replicas'. */
  private acksFor(batch: Waiting[]): number {
    let checked: string | undefined;
    for (const { record } of batch) {
      if (record.topic === checked) continue;
      if (this.replicas.get(record.topic) !== 1) return ProduceAcks.ALL;
      checked = record.topic;
    }
    return ProduceAcks.LEADER;
  }

  /** Sends the waiting records once the oldest has lingered LINGER_MS: those that came while a request was on its way may go at once. */
  private schedule(): void {
    if (this.sending || this.timer !== undefined) return;
    const left = LINGER_MS - (performance.now() - this.waitingSince);
    if (left <= 0) {
      void this.flush();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, left);
  }

  private async flush(): Promise<void> {
    if (this.sending || this.waiting.length === 0 || this.settings === undefined) return;
    this.sending = true;
    const batch = this.waiting.splice(0, MAX_BATCH);
    // Records left behind by a full batch have waited since before it went.
    if (this.waiting.length > 0) this.waitingSince = performance.now() - LINGER_MS;
    try {
      this.producer ??= this.makeProducer(this.settings, this.partitioner, this.learnReplicas);
      await this.producer.send({ messages: batch.map((each) => each.record), acks: this.acksFor(batch) });
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
