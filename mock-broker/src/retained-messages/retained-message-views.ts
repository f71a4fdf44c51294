import { payloadBytes } from '../mqtt/persistence/retained-messages.js';
import type { StoredRetainedMessage } from '../mqtt/persistence/retained-view.js';

/** Bytes of the payload a list row carries, enough for a one-line preview. */
export const PAYLOAD_PREVIEW_BYTES = 96;

/** One row of the retained messages list (openapi.yaml, RetainedMessageInfo). */
export interface RetainedMessageInfo {
  topic: string;
  qos: number;
  payloadPreview: string;
  payloadSize: number;
  payloadFormatIndicator: 0 | 1 | null;
  contentType: string | null;
  createdTime: number;
  updatedTime: number;
  userPropertiesCount: number;
}

export interface RetainedUserProperty {
  key: string;
  value: string;
}

/** A retained message with its whole payload and MQTT 5 properties (openapi.yaml, RetainedMessageDetails). */
export interface RetainedMessageDetails extends RetainedMessageInfo {
  payload: string;
  userProperties: RetainedUserProperty[];
  messageExpiryInterval: number | null;
  expiryTime: number | null;
  responseTopic: string | null;
  correlationData: string | null;
}

interface PublishProperties {
  payloadFormatIndicator?: boolean;
  contentType?: string;
  userProperties?: Record<string, string | string[]>;
  messageExpiryInterval?: number;
  responseTopic?: string;
  correlationData?: Buffer;
}

const propertiesOf = (message: StoredRetainedMessage) => (message.packet.properties ?? {}) as PublishProperties;

function payloadBuffer(message: StoredRetainedMessage): Buffer {
  const { payload } = message.packet;
  return typeof payload === 'string' ? Buffer.from(payload) : (payload ?? Buffer.alloc(0));
}

/** MQTT 5 user properties as pairs; mqtt-packet gathers a repeated key's values in an array. */
export function userPropertiesOf(message: StoredRetainedMessage): RetainedUserProperty[] {
  return Object.entries(propertiesOf(message).userProperties ?? {}).flatMap(([key, values]) =>
    (Array.isArray(values) ? values : [values]).map((value) => ({ key, value: String(value) })),
  );
}

export function userPropertiesCount(message: StoredRetainedMessage): number {
  let count = 0;
  for (const values of Object.values(propertiesOf(message).userProperties ?? {})) count += Array.isArray(values) ? values.length : 1;
  return count;
}

export function retainedMessageInfo(message: StoredRetainedMessage): RetainedMessageInfo {
  const properties = propertiesOf(message);
  const indicator = properties.payloadFormatIndicator;
  return {
    topic: message.packet.topic ?? '',
    qos: message.packet.qos ?? 0,
    payloadPreview: payloadBuffer(message).subarray(0, PAYLOAD_PREVIEW_BYTES).toString('base64'),
    payloadSize: payloadBytes(message.packet.payload),
    payloadFormatIndicator: indicator === undefined ? null : indicator ? 1 : 0,
    contentType: properties.contentType ?? null,
    createdTime: message.createdTime,
    updatedTime: message.updatedTime,
    userPropertiesCount: userPropertiesCount(message),
  };
}

export function retainedMessageDetails(message: StoredRetainedMessage): RetainedMessageDetails {
  const properties = propertiesOf(message);
  return {
    ...retainedMessageInfo(message),
    payload: payloadBuffer(message).toString('base64'),
    userProperties: userPropertiesOf(message),
    messageExpiryInterval: properties.messageExpiryInterval ?? null,
    expiryTime: message.packet.messageExpiry ?? null,
    responseTopic: properties.responseTopic ?? null,
    correlationData: properties.correlationData ? Buffer.from(properties.correlationData).toString('base64') : null,
  };
}
