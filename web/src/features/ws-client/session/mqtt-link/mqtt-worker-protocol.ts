import type { IClientOptions, IClientPublishOptions, IClientSubscribeOptions } from 'mqtt';
import type { IncomingMessage } from './mqtt-link';

/** What the page asks of the worker's client; every request but connect is answered by its id. */
export type WorkerRequest =
  | { type: 'connect'; url: string; options: IClientOptions }
  | { type: 'subscribe'; id: number; topicFilter: string; options: IClientSubscribeOptions }
  | { type: 'unsubscribe'; id: number; topicFilter: string }
  | { type: 'publish'; id: number; topic: string; payload: string; options: IClientPublishOptions }
  | { type: 'end'; id: number; force: boolean };

/** An error as it crosses to the page: an Error's message, and mqtt.js's code and SUBACK codes. */
export interface WireError {
  message: string;
  code?: number | string;
  granted?: number[];
}

/** What the worker tells the page: the client's events, messages in batches, and answers. */
export type WorkerEvent =
  | { type: 'connect'; sessionPresent: boolean }
  | { type: 'error'; error: WireError }
  | { type: 'disconnect'; reasonCode?: number }
  | { type: 'close' | 'offline' | 'reconnect' | 'end' }
  | { type: 'messages'; messages: IncomingMessage[] }
  | { type: 'answer'; id: number; value?: { qos: number }[]; error?: WireError };

/** How long the worker gathers messages before handing them over: about a frame. */
export const MESSAGE_BATCH_MS = 16;
