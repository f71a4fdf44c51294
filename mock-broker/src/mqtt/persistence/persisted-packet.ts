import type { SQLiteValue } from 'node-sqlite3-wasm';

/**
 * A packet as Aedes hands it to its persistence: a publish (or, once the receiver acknowledged a
 * QoS 2 publish, the pubrel that replaces it) with Aedes' bookkeeping fields. Retained messages keep
 * whatever fields the publisher's packet had, hence the open index signature.
 */
export interface PersistedPacket {
  cmd: string;
  topic?: string;
  payload?: Buffer | string;
  qos?: number;
  retain?: boolean;
  dup?: boolean;
  messageId?: number;
  brokerId?: string;
  brokerCounter?: number;
  clientId?: string;
  /** MQTT 5 properties: user properties, correlation data, message expiry interval… */
  properties?: Record<string, unknown>;
  /** Absolute expiry (ms since epoch) Aedes derives from the message expiry interval. */
  messageExpiry?: number;
  [field: string]: unknown;
}

/** The bytes of a payload, which Aedes hands on as a Buffer or, from some callers, a string. */
export function payloadBytes(payload: Buffer | string | undefined): number {
  if (payload === undefined) return 0;
  return typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
}

/**
 * The bytes MQTT 5 properties hold: their names, strings, binary data and numbers (4 bytes each).
 * User properties are an object of names to a value or a list of values; nothing is nested deeper.
 */
export function propertiesBytes(properties: unknown): number {
  if (properties === undefined || properties === null) return 0;
  if (typeof properties === 'string') return Buffer.byteLength(properties);
  if (Buffer.isBuffer(properties)) return properties.length;
  if (Array.isArray(properties)) return properties.reduce((sum: number, value) => sum + propertiesBytes(value), 0);
  if (typeof properties === 'object') {
    let sum = 0;
    for (const [name, value] of Object.entries(properties)) sum += Buffer.byteLength(name) + propertiesBytes(value);
    return sum;
  }
  return 4;
}

/** What a stored message weighs against the node's byte bounds: its topic, payload and properties (a pubrel has none). */
export function storedBytes(packet: PersistedPacket, topic = packet.topic): number {
  return (topic === undefined ? 0 : Buffer.byteLength(topic)) + payloadBytes(packet.payload) + propertiesBytes(packet.properties);
}

/**
 * The copy Aedes' in-memory persistence keeps of a queued or incoming packet (aedes-packet's
 * `new Packet(original)` without a broker): the MQTT fields and Aedes' bookkeeping, nothing else,
 * and an unassigned message id until the packet is sent.
 */
export function copyPacket(original: PersistedPacket): PersistedPacket {
  const copy: PersistedPacket = { cmd: original.cmd || 'publish' };
  if (Object.hasOwn(original, 'clientId')) copy.clientId = original.clientId;
  if (Object.hasOwn(original, 'nl')) copy.nl = original.nl;
  if (Object.hasOwn(original, 'properties')) copy.properties = original.properties;
  if (Object.hasOwn(original, 'messageExpiry')) copy.messageExpiry = original.messageExpiry;
  copy.brokerId = original.brokerId;
  copy.brokerCounter = original.brokerCounter || 0;
  copy.topic = original.topic;
  copy.payload = original.payload || Buffer.alloc(0);
  copy.qos = original.qos || 0;
  copy.retain = original.retain || false;
  copy.dup = original.dup || false;
  if (copy.qos > 0 || copy.cmd !== 'publish') copy.messageId = undefined;
  return copy;
}

/** A packet split for storage: the payload in its own BLOB/TEXT column, every other field as JSON. */
export interface EncodedPacket {
  payload: SQLiteValue;
  fields: string;
}

const BUFFER_TAG = '$base64';

// JSON.stringify has already turned a Buffer into { type, data } when the replacer sees it, so
// the replacer looks at the holder's original value to keep Buffers (correlation data,
// authentication data) exact and compact.
function keepBuffers(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return Buffer.isBuffer(original) ? { [BUFFER_TAG]: original.toString('base64') } : value;
}

function restoreBuffers(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && BUFFER_TAG in value) {
    const encoded = (value as Record<string, unknown>)[BUFFER_TAG];
    if (typeof encoded === 'string') return Buffer.from(encoded, 'base64');
  }
  return value;
}

export function encodePacket(packet: PersistedPacket): EncodedPacket {
  const { payload, ...fields } = packet;
  // A replacer takes JSON.stringify off V8's fast path, and a Buffer can only sit in an object
  // value (the properties, mostly): a packet with none, most of them, is written without it.
  return { payload: payload ?? null, fields: JSON.stringify(fields, holdsObjects(fields) ? keepBuffers : undefined) };
}

function holdsObjects(fields: Record<string, unknown>): boolean {
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === 'object' && value !== null) return true;
  }
  return false;
}

export function decodePacket(payload: unknown, fields: unknown): PersistedPacket {
  const packet = JSON.parse(String(fields), restoreBuffers) as PersistedPacket;
  if (payload instanceof Uint8Array) {
    // The driver returns a fresh copy of the BLOB: wrap it instead of copying again.
    packet.payload = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  } else if (typeof payload === 'string') {
    packet.payload = payload;
  }
  return packet;
}
