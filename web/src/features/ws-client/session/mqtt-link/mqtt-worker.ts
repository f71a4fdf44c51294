/// <reference lib="webworker" />
import type { IPublishPacket, MqttClient } from 'mqtt';
import { connect as connectMqtt } from './mqtt-browser';
import type { WsMessageProperties } from '../../messages/ws-message';
import type { IncomingMessage } from './mqtt-link';
import { MESSAGE_BATCH_MS, type WireError, type WorkerEvent, type WorkerRequest } from './mqtt-worker-protocol';

// The web-socket client's MQTT connection, off the page's thread: the socket's frames, mqtt.js's
// streams and packet parsing cost the page nothing, and the page gets the messages a batch per frame
// instead of an event per message.

declare const self: DedicatedWorkerGlobalScope;

let client: MqttClient | undefined;
let batch: IncomingMessage[] = [];
let transfers: ArrayBuffer[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

const post = (event: WorkerEvent, transfer: Transferable[] = []) => self.postMessage(event, transfer);

function wireError(error: unknown): WireError {
  const { message, code, packet } = error as Error & { code?: number | string; packet?: { granted?: number[] } };
  return { message: String(message), ...(code === undefined ? {} : { code }), ...(packet?.granted ? { granted: packet.granted } : {}) };
}

/** Its own copy of the bytes: mqtt.js's payload may be a view into a larger buffer, which would be copied whole. */
function ownBytes(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes);
  transfers.push(copy.buffer);
  return copy;
}

function flush(): void {
  flushTimer = undefined;
  const messages = batch;
  const buffers = transfers;
  batch = [];
  transfers = [];
  post({ type: 'messages', messages }, buffers);
}

function received(topic: string, payload: Uint8Array, packet: IPublishPacket): void {
  const properties = packet.properties as WsMessageProperties | undefined;
  batch.push({
    time: Date.now(),
    topic,
    payload: ownBytes(payload),
    qos: packet.qos,
    retain: packet.retain,
    properties: properties?.correlationData ? { ...properties, correlationData: ownBytes(properties.correlationData) } : properties,
  });
  flushTimer ??= setTimeout(flush, MESSAGE_BATCH_MS);
}

function connect(url: string, options: Parameters<typeof connectMqtt>[1]): void {
  const current = connectMqtt(url, options);
  client = current;
  current.on('connect', (connack) => post({ type: 'connect', sessionPresent: connack.sessionPresent }));
  current.on('error', (error) => post({ type: 'error', error: wireError(error) }));
  current.on('disconnect', (packet) => post({ type: 'disconnect', reasonCode: packet.reasonCode }));
  // Messages go before the events that follow them, so that the page sees them in order.
  const thenTell = (type: 'close' | 'offline' | 'reconnect' | 'end') => () => {
    if (flushTimer !== undefined) {
      clearTimeout(flushTimer);
      flush();
    }
    post({ type });
  };
  for (const type of ['close', 'offline', 'reconnect', 'end'] as const) current.on(type, thenTell(type));
  current.on('message', received);
}

async function answer(id: number, work: () => Promise<{ qos: number }[] | void>): Promise<void> {
  try {
    const value = await work();
    post({ type: 'answer', id, ...(value ? { value } : {}) });
  } catch (error) {
    post({ type: 'answer', id, error: wireError(error) });
  }
}

function connected(): MqttClient {
  if (!client) throw new Error('not connected');
  return client;
}

self.onmessage = ({ data: request }: MessageEvent<WorkerRequest>) => {
  switch (request.type) {
    case 'connect':
      return connect(request.url, request.options);
    case 'subscribe':
      return void answer(request.id, async () => (await connected().subscribeAsync(request.topicFilter, request.options)).map(({ qos }) => ({ qos })));
    case 'unsubscribe':
      return void answer(request.id, async () => void (await connected().unsubscribeAsync(request.topicFilter)));
    case 'publish':
      return void answer(request.id, async () => void (await connected().publishAsync(request.topic, request.payload, request.options)));
    case 'end':
      return void answer(request.id, async () => {
        // Its close and end are still told (the page stops listening when it ends quietly).
        await connected().endAsync(request.force);
      });
  }
};
