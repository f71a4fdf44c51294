import { Admin, Producer, ProduceAcks, type MessageToProduce } from '@platformatic/kafka';
import { encodeHeader, type KafkaTargetSettings } from '../client-settings.js';
import type { BacklogEntry } from '../delivery/captured-message.js';
import { errorText, PartialDelivery, type Target } from '../delivery/deliverer.js';
import { messageDocument, type DocumentSource } from '../delivery/message-document.js';

const CONNECT_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** Records in one produce request at most. */
const BATCH = 500;

type KafkaRecord = MessageToProduce<Buffer, Buffer, Buffer, Buffer>;

function acksOf(acks: KafkaTargetSettings['acks']): number {
  if (acks === '0') return ProduceAcks.NO_RESPONSE;
  if (acks === '1') return ProduceAcks.LEADER;
  return ProduceAcks.ALL;
}

function clientOptions(settings: KafkaTargetSettings, clientId: string) {
  const tls = settings.otherProperties['security.protocol']?.toUpperCase().includes('SSL')
    ? { ...(settings.otherProperties['ssl.truststore.certificates'] ? { ca: settings.otherProperties['ssl.truststore.certificates'] } : {}) }
    : undefined;
  return {
    clientId,
    bootstrapBrokers: settings.bootstrapServers,
    connectTimeout: CONNECT_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    timeout: REQUEST_TIMEOUT_MS,
    retries: 1,
    retryDelay: 200,
    ...(tls ? { tls } : {}),
  };
}

/** Whether the cluster answers and holds the topic (the connection check and each start). */
export async function checkKafkaTopic(settings: KafkaTargetSettings, clientId: string): Promise<void> {
  const admin = new Admin(clientOptions(settings, `${clientId}-check`));
  try {
    const metadata = await admin.metadata({ topics: [settings.topic], autocreateTopics: false });
    if (!metadata.topics.has(settings.topic)) throw new Error(`Kafka has no topic ${settings.topic}`);
  } catch (error) {
    throw new Error(`Kafka at ${settings.bootstrapServers.join(',')}: ${errorText(error)}`, { cause: error });
  } finally {
    await admin.close().catch(() => undefined);
  }
}

/**
 * Writes to a Kafka topic (the production broker's Kafka integration) with the broker's own
 * Kafka client: batches in backlog order, one request at a time, each record keyed by the
 * configured key or the source topic, so a topic's records share a partition and keep their
 * order. A request is taken whole or not at all: a failed one is sent again whole.
 */
export class KafkaTarget implements Target {
  readonly mode = 'in-order';
  readonly maxInFlight = BATCH;
  readonly #settings: KafkaTargetSettings;
  readonly #source: DocumentSource;
  readonly #clientId: string;
  #producer: Producer<Buffer, Buffer, Buffer, Buffer> | undefined;

  constructor(settings: KafkaTargetSettings, source: DocumentSource, integrationId: string) {
    this.#settings = settings;
    this.#source = source;
    this.#clientId = `${settings.clientIdPrefix}-${integrationId.slice(0, 8)}`;
  }

  async start(): Promise<void> {
    await checkKafkaTopic(this.#settings, this.#clientId);
  }

  async send(entries: BacklogEntry[]): Promise<void> {
    const settings = this.#settings;
    this.#producer ??= new Producer<Buffer, Buffer, Buffer, Buffer>({
      ...clientOptions(settings, this.#clientId),
      retries: settings.retries,
      acks: acksOf(settings.acks),
      compression: settings.compression,
    });
    const headers = new Map(Object.entries(settings.kafkaHeaders).map(([name, value]) => [Buffer.from(name, 'utf8'), encodeHeader(value, settings.kafkaHeadersCharset)]));
    const records: KafkaRecord[] = entries.map((entry) => ({
      topic: settings.topic,
      key: Buffer.from(settings.key || entry.topic, 'utf8'),
      value: settings.sendOnlyMsgPayload ? entry.payload : messageDocument(entry, this.#source, entry.payload.toString('base64')),
      ...(headers.size > 0 ? { headers } : {}),
    }));
    try {
      await this.#producer.send({ messages: records, acks: acksOf(settings.acks), compression: settings.compression });
    } catch (error) {
      // A client that failed may hold a broken connection: the next attempt starts afresh.
      const producer = this.#producer;
      this.#producer = undefined;
      void producer?.close().catch(() => undefined);
      throw new PartialDelivery(0, `Kafka at ${settings.bootstrapServers.join(',')}: ${errorText(error)}`);
    }
  }

  async close(): Promise<void> {
    const producer = this.#producer;
    this.#producer = undefined;
    await producer?.close().catch(() => undefined);
  }
}
