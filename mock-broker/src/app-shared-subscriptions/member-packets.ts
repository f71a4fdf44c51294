// The packets a member of an application shared subscription sends: built from a Kafka record and
// written straight to the connection, through the node's outgoing hooks but not its session store.
import type { Client } from 'aedes';
import mqttPacket from 'mqtt-packet';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import { topicMatches } from '../mqtt/topic-filter.js';
import { decodeKafkaMessage, type KafkaMessage } from './app-shared-subscription.js';
import { MAX_MQTT_BYTES, topicNameOf } from './carried-properties.js';

export type MemberClient = Client & {
  _nextId: number;
  version?: number;
  receiveMaximum?: number;
  conn: NodeJS.WritableStream & { writableNeedDrain?: boolean };
  connected?: boolean;
  subscriptions: Record<string, { qos: number; rap?: boolean; si?: number } | undefined>;
};
type Send = (client: Client, packet: object, done: (error?: Error | null) => void) => void;
type OutgoingHook = (client: Client, packet: object, done: (error?: Error | null) => void, send: Send) => void;

/** How the client subscribed, as Aedes keeps it. */
export type MemberSubscription = NonNullable<MemberClient['subscriptions'][string]>;

export interface PublishPacket {
  cmd: 'publish';
  topic: string;
  payload: Buffer;
  qos: 0 | 1 | 2;
  retain: boolean;
  dup: false;
  messageId?: number;
  properties?: Record<string, unknown>;
}

/** Record keys told apart so far: most records of a subscription carry one of a few topics. */
const MAX_KNOWN_KEYS = 4096;

/**
 * The topics of record keys for one subscription: whoever may write to the Kafka topic decides
 * what a record holds, so a key makes a PUBLISH only when it is a valid topic name the
 * subscription's filter matches. A key's answer is kept (by its exact bytes), so that a topic that
 * comes again is not decoded and checked again.
 */
export class RecordTopics {
  private readonly known = new Map<string, string | null>();

  constructor(private readonly topicFilter: string) {}

  of(key: Buffer | undefined | null): string | undefined {
    // No topic name is longer: such a key is refused without taking room among those kept.
    if (!key || key.length > MAX_MQTT_BYTES) return undefined;
    // latin1 maps every byte to one character: two keys get one entry only when their bytes are equal.
    const bytes = key.toString('latin1');
    const known = this.known.get(bytes);
    if (known !== undefined) return known ?? undefined;
    const topic = topicNameOf(key);
    const valid = topic !== undefined && topicMatches(this.topicFilter, topic) ? topic : undefined;
    if (this.known.size >= MAX_KNOWN_KEYS) this.known.clear();
    this.known.set(bytes, valid ?? null);
    return valid;
  }
}

/** The message of a record and its topic, or undefined: only a value in this node's format under a key the subscription takes (RecordTopics) makes a PUBLISH. */
export function recordMessage(record: { key?: Buffer | null; value?: Buffer | null }, topics: RecordTopics): { topic: string; message: KafkaMessage } | undefined {
  const message = decodeKafkaMessage(record.value ?? undefined);
  const topic = message && topics.of(record.key);
  if (!message || topic === undefined) return undefined;
  return { topic, message };
}

/** The PUBLISH of a message from Kafka: the lower of both QoS, retain only as published, the subscription's identifier. */
export function publishPacketOf(client: MemberClient, subscription: MemberSubscription, topic: string, message: KafkaMessage): PublishPacket {
  const packet: PublishPacket = {
    cmd: 'publish',
    topic,
    payload: message.payload,
    qos: Math.min(subscription.qos, message.qos) as 0 | 1 | 2,
    retain: subscription.rap === true && message.retain,
    dup: false,
  };
  // Properties only when there are some (most messages have none): no object made for nothing.
  if (client.version === 5 && (message.properties !== undefined || subscription.si !== undefined)) {
    const properties: Record<string, unknown> = { ...message.properties };
    if (subscription.si !== undefined) properties.subscriptionIdentifier = subscription.si;
    packet.properties = properties;
  }
  return packet;
}

/** The next packet identifier, from the counter Aedes uses for the client, skipping those still unacknowledged (inFlight). */
export function nextPacketId(client: MemberClient, inFlight: ReadonlyMap<number, unknown>): number {
  for (;;) {
    const id = client._nextId;
    client._nextId = id >= 65535 ? 1 : id + 1;
    if (!inFlight.has(id)) return id;
  }
}

/** One options object per protocol version, not one per packet. */
const WRITE_OPTIONS = { 4: Object.freeze({ protocolVersion: 4 }), 5: Object.freeze({ protocolVersion: 5 }) } as const;

const send: Send = (target, outgoing, written) => {
  const client = target as MemberClient;
  const connection = client.conn as NodeJS.WritableStream & { destroyed?: boolean };
  if (connection.destroyed) {
    setImmediate(written, new Error('connection closed'));
    return;
  }
  try {
    mqttPacket.writeToStream(outgoing as mqttPacket.Packet, connection, WRITE_OPTIONS[client.version === 5 ? 5 : 4]);
    setImmediate(written);
  } catch (error) {
    setImmediate(written, error as Error);
  }
};

/** Writes a packet to the client through the node's outgoing hooks (flow control, topic aliases), bypassing the session store. */
export function writePacket(broker: MqttBroker, client: MemberClient, packet: object, done: (error?: Error | null) => void): void {
  const outgoing = (broker as MqttBroker & { outgoing: OutgoingHook | null }).outgoing;
  if (outgoing) outgoing(client, packet, done, send);
  else send(client, packet, done);
}
