import { ApiError } from '../http/api-error.js';
import type { ClientConfiguration, IntegrationCredentials, IntegrationType } from './integration.js';

/**
 * The target's settings read from an integration's clientConfiguration, with the production
 * broker's defaults, or a 400 naming the first field that cannot work. The checks follow what
 * TBMQ 2.3 refuses (its executor's config validators), with the field named.
 */

export type PayloadContentType = 'JSON' | 'TEXT' | 'BINARY';

interface CommonSettings {
  /** false: a JSON document with the message's fields and the metadata (message-document.ts). */
  sendOnlyMsgPayload: boolean;
  credentials: IntegrationCredentials;
}

export interface HttpSettings extends CommonSettings {
  type: 'HTTP';
  url: URL;
  method: 'POST' | 'PUT' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  readTimeoutMs: number;
  maxParallelRequests: number;
  maxResponseBytes: number;
  payloadContentType: PayloadContentType;
  sendBinaryOnParseFailure: boolean;
}

export interface MqttSettings extends CommonSettings {
  type: 'MQTT';
  host: string;
  port: number;
  ssl: boolean;
  clientId: string;
  /** Used unless useMsgTopicName; `${topic}` in it stands for the source topic. */
  topicName: string;
  useMsgTopicName: boolean;
  qos: 0 | 1 | 2;
  useMsgQoS: boolean;
  retained: boolean;
  useMsgRetain: boolean;
  mqttVersion: 3 | 4 | 5;
  connectTimeoutSec: number;
  reconnectPeriodSec: number;
  keepAliveSec: number;
}

export type KafkaAcks = '0' | '1' | '-1' | 'all';
export type KafkaCompression = 'none' | 'gzip' | 'snappy' | 'lz4' | 'zstd';

export interface KafkaTargetSettings extends CommonSettings {
  type: 'KAFKA';
  bootstrapServers: string[];
  topic: string;
  /** The record key; the source topic when empty. */
  key: string;
  clientIdPrefix: string;
  retries: number;
  batchSize: number;
  linger: number;
  bufferMemory: number;
  acks: KafkaAcks;
  compression: KafkaCompression;
  otherProperties: Record<string, string>;
  kafkaHeaders: Record<string, string>;
  /** How header values become bytes (the production broker's Java charset names). */
  kafkaHeadersCharset: HeaderCharset;
}

/** The charsets the production broker offers for Kafka header values. */
export const HEADER_CHARSETS = ['US-ASCII', 'ISO-8859-1', 'UTF-8', 'UTF-16BE', 'UTF-16LE', 'UTF-16'] as const;
export type HeaderCharset = (typeof HEADER_CHARSETS)[number];

/** A header value's bytes in the charset; UTF-16 as Java writes it: a byte-order mark, then big-endian. */
export function encodeHeader(value: string, charset: HeaderCharset): Buffer {
  switch (charset) {
    case 'US-ASCII':
      return Buffer.from([...value].map((character) => (character.charCodeAt(0) < 0x80 ? character : '?')).join(''), 'latin1');
    case 'ISO-8859-1':
      return Buffer.from([...value].map((character) => (character.charCodeAt(0) < 0x100 && character.length === 1 ? character : '?')).join(''), 'latin1');
    case 'UTF-8':
      return Buffer.from(value, 'utf8');
    case 'UTF-16LE':
      return Buffer.from(value, 'utf16le');
    case 'UTF-16BE':
      return Buffer.from(value, 'utf16le').swap16();
    case 'UTF-16':
      return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(value, 'utf16le').swap16()]);
  }
}

export type TargetSettings = HttpSettings | MqttSettings | KafkaTargetSettings;

/** A request's read timeout when the configuration leaves it at 0. */
export const DEFAULT_HTTP_TIMEOUT_MS = 10_000;
/** Requests in flight at once (to distinct source topics) when the configuration leaves it at 0. */
export const DEFAULT_HTTP_PARALLEL = 4;
const MAX_HTTP_PARALLEL = 64;

const FIELD = 'body.configuration.clientConfiguration';

function refuse(field: string, problem: string): never {
  throw ApiError.badRequest(`${FIELD}.${field} ${problem}`);
}

class Reader {
  constructor(private readonly values: ClientConfiguration) {}

  text(field: string, fallback = ''): string {
    const value = this.values[field];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'string') refuse(field, 'must be a string');
    return value;
  }

  flag(field: string, fallback = false): boolean {
    const value = this.values[field];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'boolean') refuse(field, 'must be true or false');
    return value;
  }

  whole(field: string, fallback = 0): number {
    const value = this.values[field];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value)) refuse(field, 'must be a whole number');
    return value;
  }

  /** A JSON object of strings (headers, properties); absent or null is empty. */
  stringMap(field: string): Record<string, string> {
    const value = this.values[field];
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) refuse(field, 'must be an object of strings');
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry !== 'string') refuse(`${field}.${key}`, 'must be a string');
    }
    return value as Record<string, string>;
  }
}

function credentialsOf(values: ClientConfiguration, type: IntegrationType): IntegrationCredentials {
  const credentials = values.credentials ?? { type: 'anonymous' };
  if (typeof credentials !== 'object' || credentials === null) refuse('credentials', 'must be an object');
  if (credentials.type === 'basic') {
    if (!credentials.username) refuse('credentials.username', 'is required for basic credentials');
    if (credentials.password === undefined) refuse('credentials.password', 'is required for basic credentials');
  } else if (credentials.type === 'cert.PEM') {
    if (type === 'KAFKA') refuse('credentials.type', 'cert.PEM does not apply to Kafka: set ssl.* in otherProperties');
    if (!credentials.cert) refuse('credentials.cert', 'is required for cert.PEM credentials');
    if (!credentials.privateKey) refuse('credentials.privateKey', 'is required for cert.PEM credentials');
  } else if (credentials.type !== 'anonymous') {
    refuse('credentials.type', 'must be anonymous, basic or cert.PEM');
  }
  return credentials;
}

function httpSettings(read: Reader, values: ClientConfiguration): HttpSettings {
  const address = read.text('restEndpointUrl').trim();
  if (!address) refuse('restEndpointUrl', 'is required');
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    refuse('restEndpointUrl', 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse('restEndpointUrl', 'must be an http or https URL');
  const method = read.text('requestMethod', 'POST') || 'POST';
  if (!['POST', 'PUT', 'GET', 'DELETE'].includes(method)) refuse('requestMethod', 'must be POST, PUT, GET or DELETE');
  const readTimeoutMs = read.whole('readTimeoutMs');
  if (readTimeoutMs < 0) refuse('readTimeoutMs', 'must not be less than 0');
  const parallel = read.whole('maxParallelRequestsCount');
  if (parallel < 0) refuse('maxParallelRequestsCount', 'must not be less than 0');
  const bufferKb = read.whole('maxInMemoryBufferSizeInKb', 256);
  if (bufferKb <= 0) refuse('maxInMemoryBufferSizeInKb', 'must be greater than 0');
  const contentType = read.text('payloadContentType', 'BINARY') || 'BINARY';
  if (!['JSON', 'TEXT', 'BINARY'].includes(contentType)) refuse('payloadContentType', 'must be JSON, TEXT or BINARY');
  const headers = read.stringMap('headers');
  for (const name of Object.keys(headers)) {
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) refuse(`headers.${name}`, 'is not a valid header name');
    if (/[\r\n\0]/.test(headers[name] ?? '')) refuse(`headers.${name}`, 'must not hold line breaks');
  }
  return {
    type: 'HTTP',
    url,
    method: method as HttpSettings['method'],
    headers,
    readTimeoutMs: readTimeoutMs === 0 ? DEFAULT_HTTP_TIMEOUT_MS : readTimeoutMs,
    maxParallelRequests: Math.min(parallel === 0 ? DEFAULT_HTTP_PARALLEL : parallel, MAX_HTTP_PARALLEL),
    maxResponseBytes: Math.min(bufferKb, 16 * 1024) * 1024,
    payloadContentType: contentType as PayloadContentType,
    sendBinaryOnParseFailure: read.flag('sendBinaryOnParseFailure', true),
    sendOnlyMsgPayload: read.flag('sendOnlyMsgPayload'),
    credentials: credentialsOf(values, 'HTTP'),
  };
}

function mqttSettings(read: Reader, values: ClientConfiguration): MqttSettings {
  const host = read.text('host').trim();
  if (!host) refuse('host', 'cannot be empty');
  const port = read.whole('port');
  if (port < 1 || port > 65535) refuse('port', 'must be between 1 and 65535');
  const useMsgTopicName = read.flag('useMsgTopicName');
  const topicName = read.text('topicName');
  if (!useMsgTopicName) {
    if (!topicName) refuse('topicName', 'is required when the source topic is not used');
    if (topicName.includes('#') || topicName.includes('+')) refuse('topicName', 'cannot contain wildcard characters');
    if (topicName.startsWith('$')) refuse('topicName', 'cannot start with $');
  }
  const clientId = read.text('clientId').trim();
  if (!clientId) refuse('clientId', 'is required');
  const connectTimeoutSec = read.whole('connectTimeoutSec', 10);
  if (connectTimeoutSec <= 0) refuse('connectTimeoutSec', 'must be greater than 0');
  const reconnectPeriodSec = read.whole('reconnectPeriodSec', 5);
  if (reconnectPeriodSec < 0) refuse('reconnectPeriodSec', 'must not be less than 0');
  const mqttVersion = read.whole('mqttVersion', 4);
  if (![3, 4, 5].includes(mqttVersion)) refuse('mqttVersion', 'must be 3 (MQTT 3.1), 4 (MQTT 3.1.1) or 5 (MQTT 5)');
  const qos = read.whole('qos');
  if (![0, 1, 2].includes(qos)) refuse('qos', 'must be 0, 1 or 2');
  const keepAliveSec = read.whole('keepAliveSec', 60);
  if (keepAliveSec < 0 || keepAliveSec > 65535) refuse('keepAliveSec', 'must be between 0 and 65535');
  return {
    type: 'MQTT',
    host,
    port,
    ssl: read.flag('ssl'),
    clientId,
    topicName,
    useMsgTopicName,
    qos: qos as MqttSettings['qos'],
    useMsgQoS: read.flag('useMsgQoS'),
    retained: read.flag('retained'),
    useMsgRetain: read.flag('useMsgRetain'),
    mqttVersion: mqttVersion as MqttSettings['mqttVersion'],
    connectTimeoutSec,
    reconnectPeriodSec,
    keepAliveSec,
    sendOnlyMsgPayload: read.flag('sendOnlyMsgPayload'),
    credentials: credentialsOf(values, 'MQTT'),
  };
}

function bootstrapServersOf(text: string): string[] {
  if (!text.trim()) refuse('bootstrapServers', 'cannot be empty');
  return text.split(',').map((entry) => {
    const server = entry.trim();
    const match = /^(.+):(\d{1,5})$/.exec(server);
    const port = Number(match?.[2]);
    if (!match || !match[1]?.trim() || port < 1 || port > 65535) refuse('bootstrapServers', `holds "${server}", not host:port`);
    return server;
  });
}

function kafkaSettings(read: Reader, values: ClientConfiguration): KafkaTargetSettings {
  const bootstrapServers = bootstrapServersOf(read.text('bootstrapServers'));
  const topic = read.text('topic').trim();
  if (!topic) refuse('topic', 'is required');
  if (!/^[A-Za-z0-9._-]{1,249}$/.test(topic)) refuse('topic', 'may hold only letters, digits, ".", "_" and "-"');
  const numbers = { retries: read.whole('retries'), batchSize: read.whole('batchSize'), linger: read.whole('linger'), bufferMemory: read.whole('bufferMemory') };
  for (const [field, value] of Object.entries(numbers)) {
    if (value < 0) refuse(field, 'must not be less than 0');
  }
  const acks = read.text('acks', '-1') || '-1';
  if (!['0', '1', '-1', 'all'].includes(acks)) refuse('acks', 'must be 0, 1, -1 or all');
  const compression = read.text('compression', 'none') || 'none';
  if (!['none', 'gzip', 'snappy', 'lz4', 'zstd'].includes(compression)) refuse('compression', 'must be none, gzip, snappy, lz4 or zstd');
  const headerCharset = read.text('kafkaHeadersCharset', 'UTF-8') || 'UTF-8';
  if (!(HEADER_CHARSETS as readonly string[]).includes(headerCharset)) refuse('kafkaHeadersCharset', `must be one of ${HEADER_CHARSETS.join(', ')}`);
  const otherProperties = read.stringMap('otherProperties');
  if (Object.keys(otherProperties).some((key) => key.includes('ssl.')) && !('security.protocol' in otherProperties)) {
    refuse('otherProperties', "holds ssl.* settings without 'security.protocol'");
  }
  return {
    type: 'KAFKA',
    bootstrapServers,
    topic,
    key: read.text('key'),
    clientIdPrefix: read.text('clientIdPrefix') || 'starling-integration',
    retries: numbers.retries,
    batchSize: numbers.batchSize === 0 ? 16_384 : numbers.batchSize,
    linger: numbers.linger,
    bufferMemory: numbers.bufferMemory === 0 ? 33_554_432 : numbers.bufferMemory,
    acks: acks as KafkaAcks,
    compression: compression as KafkaCompression,
    otherProperties,
    kafkaHeaders: read.stringMap('kafkaHeaders'),
    kafkaHeadersCharset: headerCharset as HeaderCharset,
    sendOnlyMsgPayload: read.flag('sendOnlyMsgPayload'),
    credentials: credentialsOf(values, 'KAFKA'),
  };
}

/** The settings of an integration of this type, or ApiError 400 naming the field. */
export function targetSettings(type: IntegrationType, values: ClientConfiguration | undefined): TargetSettings {
  if (values === undefined || values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw ApiError.badRequest(`${FIELD} is required and must be an object`);
  }
  const read = new Reader(values);
  switch (type) {
    case 'HTTP':
      return httpSettings(read, values);
    case 'MQTT':
      return mqttSettings(read, values);
    case 'KAFKA':
      return kafkaSettings(read, values);
  }
}
