import type { Duplex } from 'node:stream';
import type { Client } from 'aedes';
import mqttPacket, { type IDisconnectPacket } from 'mqtt-packet';
import type { MqttBroker } from '../mqtt-broker.js';
import { onInboundPacket } from '../packet-hooks.js';

/**
 * How long a connection the broker has ended stays open for its peer to read the DISCONNECT and
 * close: long enough for a busy client, short enough that a peer that never closes holds nothing.
 */
export const DISCONNECT_GRACE_MS = 5000;

type DisconnectOptions = { reasonCode?: number; properties?: IDisconnectPacket['properties'] };
type DisconnectDone = () => void;

/** Aedes' client with the state its type declarations leave out or make read-only. */
type EndingClient = Omit<Client, 'connected' | 'connecting' | 'closed' | 'disconnect' | 'disconnectReasonCode'> & {
  connected: boolean;
  connecting: boolean;
  disconnectReasonCode: number | null;
  closed: boolean;
  errored: boolean;
  conn: Duplex;
  disconnect(options?: DisconnectOptions | DisconnectDone, done?: DisconnectDone): void;
};

/**
 * A server DISCONNECT with a reason code (MQTT 5 sections 3.14 and 4.13) is only worth sending if
 * the client can read it. Aedes writes it (only once the client's queue has followed the CONNACK)
 * and destroys the connection at once: what is still queued is lost, and the input the client
 * keeps sending arrives at a closed socket, which answers with a reset, so a client still writing (the one exceeding Receive Maximum, say) gets a broken
 * pipe before it reads why. Here the broker stops acting on the client's packets at the moment it
 * decides to disconnect, sends the DISCONNECT, then ends its side of the connection and reads and
 * discards what still arrives until the client closes, for DISCONNECT_GRACE_MS at most.
 */
export function installGracefulDisconnect(broker: MqttBroker, graceMs = DISCONNECT_GRACE_MS): void {
  const ending = new WeakSet<EndingClient>();
  // Installed before the other packet hooks, so nothing the client sent after the decision is acted on.
  onInboundPacket(broker, (client) => !ending.has(client as unknown as EndingClient));

  const handle = broker.handle.bind(broker);
  broker.handle = (connection, request) => {
    const aedesClient = handle(connection, request);
    const client = aedesClient as unknown as EndingClient;
    const disconnect = client.disconnect.bind(client);
    client.disconnect = (options, done) => {
      const callback = typeof options === 'function' ? options : done;
      // One DISCONNECT per connection: a second reason (another packet of the same read, a
      // takeover meanwhile) only finishes the closing.
      if (ending.has(client)) return client.close(callback);
      if (client.version === 5 && client.connecting && !client.closed) {
        // CONNACK comes first ([MQTT-3.2.0-1]), and Aedes would announce the client ready after it closed.
        return afterConnected(client, () => client.disconnect(options, done), () => client.close(callback));
      }
      if (client.version !== 5 || !client.connected || client.closed || client.errored) return disconnect(options, done);
      const stated = typeof options === 'object' ? options : undefined;
      const reasonCode = stated?.reasonCode ?? 0;
      const properties = stated?.properties;
      ending.add(client);
      client.disconnectReasonCode = reasonCode;
      // Nothing after the DISCONNECT (MQTT 5 [MQTT-3.14.4-1]): Aedes writes only to a connecting or
      // connected client, and an acknowledgement waiting for its commit would follow otherwise.
      client.connecting = false;
      client.connected = false;
      endOnDestroy(client.conn, graceMs);
      client.conn.write(mqttPacket.generate({ cmd: 'disconnect', reasonCode, ...(properties ? { properties } : {}) }, { protocolVersion: 5 }));
      client.close(callback);
    };
    return aedesClient;
  };
}

/** Runs `then` once Aedes has connected the client (CONNACK and queue sent), or `closed` if its connection closes first. */
function afterConnected(client: EndingClient, then: () => void, closed: () => void): void {
  const connected = () => {
    client.conn.off('close', gone);
    then();
  };
  const gone = () => {
    client.off('connected', connected);
    closed();
  };
  client.once('connected', connected);
  client.conn.once('close', gone);
}

/** Makes the next error-free destroy() of `connection` a graceful end (see installGracefulDisconnect). */
function endOnDestroy(connection: Duplex, graceMs: number): void {
  const destroy = connection.destroy.bind(connection);
  connection.destroy = (error?: Error) => {
    connection.destroy = destroy;
    // The transport failed (it names the system call): nothing more can be read or sent. Any other
    // error is Aedes finding the connection closed, which it is about to be.
    if (error && 'syscall' in error) return destroy(error);
    // Unread input would turn the close into a reset: read it, and drop it.
    connection.on('data', discard);
    connection.resume();
    connection.end();
    const timer = setTimeout(() => destroy(), graceMs).unref();
    connection.once('close', () => clearTimeout(timer));
    return connection;
  };
}

function discard(): void {
  // The broker has stopped listening to this client.
}
