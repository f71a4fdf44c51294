import { payloadBytes } from '../mqtt/persistence/persisted-packet.js';
import type { StoredRetainedMessage } from '../mqtt/persistence/retained-view.js';

/** Bytes of the payload a list row carries, enough for a one-line preview. */
export const PAYLOAD_PREVIEW_BYTES = 96;

/** MQTT 5 user properties as the production broker answers them (openapi.yaml, RetainedUserProperties). */
export interface RetainedUserProperties {
  props: { k: string; v: string }[];
}

/** One row of the retained messages list (openapi.yaml, RetainedMessageInfo): TBMQ's fields, then Starling's. */
export interface RetainedMessageInfo {
  topic: string;
  payload: string;
  qos: number;
  createdTime: number;
  userProperties: RetainedUserProperties | null;
  payloadSize: number;
  payloadPreview: string;
  payloadFormatIndicator: 0 | 1 | null;
  contentType: string | null;
}

/** A retained message with its exact payload and MQTT 5 properties (openapi.yaml, RetainedMessageDetails). */
export interface RetainedMessageDetails extends RetainedMessageInfo {
  payloadBase64: string;
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

/** MQTT 5 user properties as pairs, null when there are none; mqtt-packet gathers a repeated key's values in an array. */
export function userPropertiesOf(message: StoredRetainedMessage): RetainedUserProperties | null {
  const props = Object.entries(propertiesOf(message).userProperties ?? {}).flatMap(([k, values]) => (Array.isArray(values) ? values : [values]).map((v) => ({ k, v: String(v) })));
  return props.length > 0 ? { props } : null;
}

export function userPropertiesCount(message: StoredRetainedMessage): number {
  let count = 0;
  for (const values of Object.values(propertiesOf(message).userProperties ?? {})) count += Array.isArray(values) ? values.length : 1;
  return count;
}

export function retainedMessageInfo(message: StoredRetainedMessage): RetainedMessageInfo {
  const properties = propertiesOf(message);
  const indicator = properties.payloadFormatIndicator;
  const payload = payloadBuffer(message);
  return {
    topic: message.packet.topic ?? '',
    // As the production broker reads it: UTF-8, with U+FFFD for bytes that are not.
    payload: payload.toString('utf8'),
    qos: message.packet.qos ?? 0,
    // The contract's createdTime is when this message was stored, which the store calls updatedTime.
    createdTime: message.updatedTime,
    userProperties: userPropertiesOf(message),
    payloadSize: payloadBytes(message.packet.payload),
    payloadPreview: payload.subarray(0, PAYLOAD_PREVIEW_BYTES).toString('base64'),
    payloadFormatIndicator: indicator === undefined ? null : indicator ? 1 : 0,
    contentType: properties.contentType ?? null,
  };
}

export function retainedMessageDetails(message: StoredRetainedMessage): RetainedMessageDetails {
  const properties = propertiesOf(message);
  return {
    ...retainedMessageInfo(message),
    payloadBase64: payloadBuffer(message).toString('base64'),
    messageExpiryInterval: properties.messageExpiryInterval ?? null,
    expiryTime: message.packet.messageExpiry ?? null,
    responseTopic: properties.responseTopic ?? null,
    correlationData: properties.correlationData ? Buffer.from(properties.correlationData).toString('base64') : null,
  };
}
