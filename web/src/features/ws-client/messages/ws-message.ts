export type MessageDirection = 'RECEIVED' | 'PUBLISHED';

/** A user property as MQTT carries it: one value, or several for a repeated key. */
export type MessageUserProperties = Record<string, string | string[]>;

/** The MQTT 5 PUBLISH properties of a message, as mqtt.js hands them over (not copied). */
export interface WsMessageProperties {
  payloadFormatIndicator?: boolean;
  messageExpiryInterval?: number;
  topicAlias?: number;
  responseTopic?: string;
  correlationData?: Uint8Array;
  userProperties?: MessageUserProperties;
  subscriptionIdentifier?: number | number[];
  contentType?: string;
}

/** One message the web-socket client received or published; the store numbers them in arrival order. */
export interface WsMessage {
  seq: number;
  time: number;
  direction: MessageDirection;
  topic: string;
  qos: 0 | 1 | 2;
  retain: boolean;
  payload: Uint8Array;
  properties: WsMessageProperties | undefined;
  /** The colour of the first subscription whose filter matches the topic. */
  color: string | undefined;
}
