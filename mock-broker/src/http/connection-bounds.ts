import type net from 'node:net';
import { TrustedProxies } from './trusted-proxies.js';

export interface HttpConnectionBounds {
  /** Open connections one peer address may hold on the server (STARLING_MAX_HTTP_CONNECTIONS_PER_ADDRESS). */
  perAddress: number;
  /** Open connections the server holds at most, whatever their address. */
  total: number;
  /** Proxies in front (STARLING_TRUSTED_PROXIES): they carry many users, so only the total bounds them. */
  trustedProxies: readonly string[];
  /**
   * For the MQTT over WebSocket ports: a connection stops counting here once its upgrade request
   * arrives, when the MQTT listeners' own bounds (per client address, behind proxies too) take it on.
   */
  releaseOnUpgrade?: boolean;
}

/** Open connections per peer address, each held to a maximum; only addresses with a connection are kept. */
export class AddressCounts {
  readonly #open = new Map<string, number>();

  /** Counts one more connection for the address; false (and nothing counted) when it holds `maximum` already. */
  take(address: string, maximum: number): boolean {
    const open = this.#open.get(address) ?? 0;
    if (open >= maximum) return false;
    this.#open.set(address, open + 1);
    return true;
  }

  release(address: string): void {
    const left = (this.#open.get(address) ?? 1) - 1;
    if (left === 0) this.#open.delete(address);
    else this.#open.set(address, left);
  }
}

/**
 * Bounds the sockets an HTTP server holds, so that one address cannot take every file descriptor
 * the node has (and with them the MQTT listeners and the database) by opening connections and
 * sending nothing, or a request head slowly. A connection past a bound is closed at once, before
 * it is read.
 */
export function boundHttpConnections(server: net.Server, bounds: HttpConnectionBounds): void {
  server.maxConnections = bounds.total;
  const proxies = new TrustedProxies(bounds.trustedProxies);
  const open = new AddressCounts();
  /**
   * The counted connections' addresses by their peer's address and port: an HTTPS server hands its
   * upgrade request the TLS socket, not the one its 'connection' event saw, and the two share the peer.
   */
  const counted = new Map<string, string>();
  const keyOf = (socket: net.Socket) => `${socket.remoteAddress ?? 'unknown'}|${socket.remotePort ?? 0}`;
  const release = (key: string) => {
    const address = counted.get(key);
    if (address === undefined) return;
    counted.delete(key);
    open.release(address);
  };
  server.on('connection', (socket: net.Socket) => {
    if (proxies.trusts(socket.remoteAddress)) return;
    const address = socket.remoteAddress ?? 'unknown';
    if (!open.take(address, bounds.perAddress)) {
      socket.destroy();
      return;
    }
    const key = keyOf(socket);
    counted.set(key, address);
    socket.once('close', () => release(key));
  });
  if (bounds.releaseOnUpgrade) server.on('upgrade', (request: { socket: net.Socket }) => release(keyOf(request.socket)));
}
