import type { Client } from 'aedes';
import type { WebSocket } from 'ws';
import type { MqttBroker } from '../mqtt-broker.js';

/**
 * Node's HTTP server gives a request head 60 s and checks every 30 s, so a peer that never
 * finishes its upgrade request held a connection (not yet counted per address: that happens at
 * the upgrade) for up to 90 s. Any WebSocket client sends the head at once.
 */
export const UPGRADE_SERVER_OPTIONS = { headersTimeout: 10_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 };

export interface WebSocketMessageLimitOptions {
  maxPacketSize: number;
  maxConnectPacketSize: number;
}

/** ws (pinned in package.json) checks every frame header against its receiver's limit, read anew for each frame. */
type WithReceiver = { _receiver?: { _maxPayload?: unknown } | null };

function setMessageLimit(socket: WebSocket, bytes: number): void {
  const receiver = (socket as WebSocket & WithReceiver)._receiver;
  // Were ws to keep it elsewhere, the connection keeps the smaller limit: larger packets are refused, nothing more is held.
  if (receiver && typeof receiver._maxPayload === 'number') receiver._maxPayload = bytes;
}

/**
 * Bounds what MQTT over WebSocket buffers, as the packet limits bound TCP. ws reads a whole
 * message before handing it on, so without a limit of its own (its default is 100 MiB) one
 * unauthenticated connection announcing a huge frame made the node hold all that was sent of it.
 * A message longer than the limit closes the connection (WebSocket close 1009) when its frame
 * header arrives, before its payload is read. Until the client is let in, the limit is the
 * CONNECT packet's; after, twice the Maximum Packet Size: a frame may carry several packets
 * (MQTT 5 section 6.0), as a browser's mqtt.js writes together what it sends in one go.
 */
export class WebSocketMessageLimit {
  readonly beforeAdmission: number;
  readonly afterAdmission: number;
  readonly #waiting = new WeakMap<Client, WebSocket>();
  readonly #onAdmitted = (client: Client) => {
    const socket = this.#waiting.get(client);
    if (!socket) return;
    this.#waiting.delete(client);
    setMessageLimit(socket, this.afterAdmission);
  };

  constructor(
    private readonly broker: MqttBroker,
    limits: WebSocketMessageLimitOptions,
  ) {
    this.beforeAdmission = Math.min(limits.maxConnectPacketSize, limits.maxPacketSize);
    this.afterAdmission = 2 * limits.maxPacketSize;
    // Aedes announces a client once authentication let it in and before its CONNACK is written,
    // so the larger limit is in force before the client can send anything after CONNACK.
    broker.on('client', this.#onAdmitted);
  }

  /** Holds `socket` to the CONNECT limit until `client` is let in. */
  watch(client: Client, socket: WebSocket): void {
    setMessageLimit(socket, this.beforeAdmission);
    this.#waiting.set(client, socket);
  }

  close(): void {
    this.broker.off('client', this.#onAdmitted);
  }
}
