import { createHash } from 'node:crypto';
import { validCarriedProperties, type CarriedProperties } from './carried-properties.js';

/** openapi.yaml ApplicationSharedSubscription. */
export interface AppSharedSubscription {
  id: string;
  createdTime: number;
  name: string;
  topicFilter: string;
  partitions: number;
  kafkaTopic: string;
}

/** openapi.yaml ApplicationSharedSubscriptionInput. */
export interface AppSharedSubscriptionInput {
  id?: string;
  name: string;
  topicFilter: string;
  partitions: number;
}

/** Kafka's longest topic name. */
const MAX_KAFKA_TOPIC = 249;
const TOPIC_PREFIX = 'starling.app-shared.';
const GROUP_PREFIX = 'starling.app-shared.';
/** Readable characters of a share name kept in a group id; the digest keeps long ones apart. */
const MAX_SHARE_NAME_IN_GROUP = 64;

function digest(text: string, characters: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, characters);
}

/** Only what Kafka takes in a name ([a-zA-Z0-9._-]); levels joined by `_`, wildcards and the rest as `-`. */
function kafkaSafe(text: string): string {
  return text.replace(/\//g, '_').replace(/[^a-zA-Z0-9_-]/g, '-');
}

/**
 * The Kafka topic of a topic filter: readable, legal for Kafka, at most 249 characters, and apart
 * from every other filter's by a digest of the filter itself (two filters that read alike, such as
 * `a/+` and `a/#`, still get different topics).
 */
export function kafkaTopicFor(topicFilter: string): string {
  const suffix = `.${digest(topicFilter, 12)}`;
  const room = MAX_KAFKA_TOPIC - TOPIC_PREFIX.length - suffix.length;
  return `${TOPIC_PREFIX}${kafkaSafe(topicFilter).slice(0, room)}${suffix}`;
}

/** What the ids of a subscription's consumer groups start with. */
export function consumerGroupPrefix(subscription: Pick<AppSharedSubscription, 'id'>): string {
  return `${GROUP_PREFIX}${subscription.id}.`;
}

/** The consumer group of one share name on one subscription: its members split the topic's partitions. */
export function consumerGroupFor(subscription: Pick<AppSharedSubscription, 'id'>, shareName: string): string {
  return `${consumerGroupPrefix(subscription)}${kafkaSafe(shareName).slice(0, MAX_SHARE_NAME_IN_GROUP)}.${digest(shareName, 8)}`;
}


/** A message as the Kafka topic holds it; its MQTT topic is the record's key. */
export interface KafkaMessage {
  qos: 0 | 1 | 2;
  retain: boolean;
  payload: Buffer;
  properties?: CarriedProperties;
}

const FORMAT_VERSION = 1;
const RETAIN = 0b100;
const HAS_PROPERTIES = 0b1000;
const HEADER_BYTES = 2;

/**
 * The record value: a version byte, a flags byte (QoS in bits 0–1, retain, whether properties
 * follow), then, with properties, their JSON's length (4 bytes) and the JSON (correlation data in
 * base64), and last the payload as it was published.
 */
export function encodeKafkaMessage(message: KafkaMessage): Buffer {
  const properties = message.properties && Object.keys(message.properties).length > 0 ? message.properties : undefined;
  const flags = message.qos | (message.retain ? RETAIN : 0) | (properties ? HAS_PROPERTIES : 0);
  if (!properties) {
    // One allocation per message on the publish path: the header and the payload copied once.
    const value = Buffer.allocUnsafe(HEADER_BYTES + message.payload.length);
    value[0] = FORMAT_VERSION;
    value[1] = flags;
    message.payload.copy(value, HEADER_BYTES);
    return value;
  }
  const json = Buffer.from(JSON.stringify({ ...properties, correlationData: properties.correlationData?.toString('base64') }), 'utf8');
  const header = Buffer.alloc(HEADER_BYTES + 4);
  header.writeUInt8(FORMAT_VERSION, 0);
  header.writeUInt8(flags, 1);
  header.writeUInt32BE(json.length, HEADER_BYTES);
  return Buffer.concat([header, json, message.payload]);
}

/** The message of a record value, its properties checked; undefined for a value this node did not write. */
export function decodeKafkaMessage(value: Buffer | undefined): KafkaMessage | undefined {
  if (!value || value.length < HEADER_BYTES || value[0] !== FORMAT_VERSION) return undefined;
  const flags = value[1] as number;
  const qos = (flags & 0b11) as 0 | 1 | 2;
  if (qos > 2) return undefined;
  const retain = (flags & RETAIN) !== 0;
  if ((flags & HAS_PROPERTIES) === 0) return { qos, retain, payload: value.subarray(HEADER_BYTES) };
  if (value.length < HEADER_BYTES + 4) return undefined;
  const length = value.readUInt32BE(HEADER_BYTES);
  const start = HEADER_BYTES + 4;
  if (value.length < start + length) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.subarray(start, start + length).toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const payload = value.subarray(start + length);
  const properties = validCarriedProperties(parsed as Record<string, unknown>, payload);
  return properties ? { qos, retain, payload, properties } : { qos, retain, payload };
}
