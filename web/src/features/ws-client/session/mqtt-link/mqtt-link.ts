import type { IClientOptions, IClientPublishOptions, IClientSubscribeOptions } from 'mqtt';
import type { WsMessageProperties } from '../../messages/ws-message';

/** A PUBLISH the client received, as the session records it. */
export interface IncomingMessage {
  /** When it arrived (ms since the epoch). */
  time: number;
  topic: string;
  payload: Uint8Array;
  qos: 0 | 1 | 2;
  retain: boolean;
  properties: WsMessageProperties | undefined;
}

/** What mqtt.js reports an error with: a reason code (CONNACK, SUBACK) or a system code (ECONNREFUSED). */
export type ClientError = Error & { code?: number | string; packet?: { granted?: number[] } };

export interface LinkEvents {
  connect: (connack: { sessionPresent: boolean }) => void;
  error: (error: ClientError) => void;
  disconnect: (packet: { reasonCode?: number }) => void;
  close: () => void;
  offline: () => void;
  reconnect: () => void;
  end: () => void;
  /** Received messages, in arrival order, several at a time. */
  messages: (messages: IncomingMessage[]) => void;
}

/**
 * The part of an MQTT client a web-socket client session uses. In the page it is a worker's client
 * (mqtt-worker.ts): reading the socket, parsing packets and mqtt.js's streams run off the page's
 * thread, and messages reach the page in batches. The session's tests in Node, which have no web
 * workers, give it mqtt.js on their own thread (in-thread-mqtt-link.ts).
 */
export interface MqttLink {
  on<E extends keyof LinkEvents>(event: E, listener: LinkEvents[E]): void;
  removeAllListeners(): void;
  /** The QoS granted per filter; refused with a ClientError carrying the SUBACK codes. */
  subscribeAsync(topicFilter: string, options: IClientSubscribeOptions): Promise<{ qos: number }[]>;
  unsubscribeAsync(topicFilter: string): Promise<void>;
  publishAsync(topic: string, payload: string, options: IClientPublishOptions): Promise<void>;
  /** Ends the connection (politely unless forced) and lets go of the client. */
  endAsync(force: boolean): Promise<void>;
}

/** Makes a session's client: the worker's in the page, mqtt.js on the test's thread in Node. */
export type OpenMqttLink = (url: string, options: IClientOptions) => MqttLink;

/** Listeners by event, for the links' own emitters. */
export class LinkListeners {
  private readonly listeners = new Map<keyof LinkEvents, ((...args: never[]) => void)[]>();

  on<E extends keyof LinkEvents>(event: E, listener: LinkEvents[E]): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (...args: never[]) => void]);
  }

  emit<E extends keyof LinkEvents>(event: E, ...args: Parameters<LinkEvents[E]>): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...values: Parameters<LinkEvents[E]>) => void)(...args);
  }

  clear(): void {
    this.listeners.clear();
  }
}
