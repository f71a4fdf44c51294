import type { Client } from 'aedes';
import type { IConnectPacket, Packet } from 'mqtt-packet';
import type { MqttBroker } from '../mqtt-broker.js';
import { onInboundPacket } from '../packet-hooks.js';
import type { PersistedPacket } from '../persistence/persisted-packet.js';
import type { OutgoingHook, OutgoingPacket } from './acknowledge-once-stored.js';
import { ConnectionFlow, type OutgoingPublish, type SendPacket } from './connection-flow.js';
import { FIRST_ERROR_REASON_CODE, RECEIVE_MAXIMUM_EXCEEDED } from '../reason-codes.js';

/** A client that states no Receive Maximum accepts this many (MQTT 5 section 3.1.2.11.3). */
const DEFAULT_RECEIVE_MAXIMUM = 65535;

type HookedBroker = MqttBroker & { outgoing: OutgoingHook | null; receiveMaximum: number };
type DisconnectingClient = Client & { disconnect(options: { reasonCode: number }, done?: () => void): void; clean: boolean };

interface ConnectionState {
  version: number;
  /** Topic aliases the client accepts from the broker (its CONNECT's Topic Alias Maximum). */
  topicAliasMaximum: number;
  flow: ConnectionFlow | undefined;
  /** QoS 1/2 PUBLISHes from the client not yet acknowledged by the broker (PUBACK, or PUBCOMP for QoS 2). */
  unacknowledged: Set<number>;
}

export interface ProtocolLimitOptions {
  /** Messages that may wait for a place in a client's Receive Maximum; beyond, they are dropped and counted. */
  maxHeldMessages: number;
  /** The bytes those messages may hold per connection (topics, payloads, properties); beyond, the same. */
  maxHeldBytes: number;
}

const isError = (packet: OutgoingPacket) => (packet.reasonCode ?? 0) >= FIRST_ERROR_REASON_CODE;

/**
 * Holds both sides of each MQTT 5 connection to the flow-control limits of MQTT 5 section 4.9:
 * the broker's own Receive Maximum (a client exceeding it is disconnected with 0x93) and the
 * limits the client stated in CONNECT (see ConnectionFlow). Sits between Aedes and the wire
 * through Aedes' outgoing hook and the inbound packet hooks; MQTT 3.1.1 clients pass untouched.
 * Both tell the persistence which QoS 1/2 PUBLISHes reached the wire, so that a resumed session
 * sends those again with DUP 1 (section 3.3.1.1).
 */
export function installProtocolLimits(broker: MqttBroker, options: ProtocolLimitOptions): void {
  const hooked = broker as HookedBroker;
  const connections = new WeakMap<Client, ConnectionState>();

  const discarded = (client: Client, packet: OutgoingPublish) => {
    const persisted = packet as unknown as PersistedPacket;
    broker.persistence.droppedMessages.discarded(client.id, persisted);
    // A persistent session keeps the message queued until acknowledged: it counts as delivered.
    if (packet.qos > 0 && !(client as DisconnectingClient).clean) void broker.persistence.outgoingClearMessageId(client, persisted).catch(() => undefined);
  };

  const sent = (client: Client, packet: { qos?: number; messageId?: number }) => {
    if ((packet.qos ?? 0) > 0 && packet.messageId !== undefined) broker.persistence.outgoingSent(client, packet.messageId);
  };

  /**
   * A session keeps its unreleased QoS 2 publishes across connections (and MQTT 3.1.1 has no Receive
   * Maximum), so a client holding back its PUBRELs, connection after connection, could make it keep
   * up to 65,535 of them, each with its topic. The session holds as many as the broker's Receive
   * Maximum; a new one past that ends the connection (MQTT 5 DISCONNECT 0x93; 3.1.1 has no way to
   * say why and is closed), unanswered, so nothing of it is published.
   */
  const pastUnreleasedBound = (client: Client, messageId: number | undefined) => {
    const { persistence } = broker;
    return persistence.incomingUnreleasedCount(client.id) >= hooked.receiveMaximum && !persistence.incomingHolds(client.id, messageId);
  };

  onInboundPacket(broker, (client, packet: Packet) => {
    if (packet.cmd === 'connect') {
      connections.set(client, stateFor(packet));
      return true;
    }
    const state = connections.get(client);
    if (packet.cmd === 'publish' && packet.qos === 2 && pastUnreleasedBound(client, packet.messageId)) {
      if (state?.version === 5) (client as DisconnectingClient).disconnect({ reasonCode: RECEIVE_MAXIMUM_EXCEEDED });
      else (client as DisconnectingClient & { close(): void }).close();
      return false;
    }
    if (!state || state.version !== 5) return true;
    switch (packet.cmd) {
      case 'publish':
        if (packet.qos === 0 || state.unacknowledged.has(packet.messageId as number)) return true;
        if (state.unacknowledged.size >= hooked.receiveMaximum) {
          (client as DisconnectingClient).disconnect({ reasonCode: RECEIVE_MAXIMUM_EXCEEDED });
          return false;
        }
        state.unacknowledged.add(packet.messageId as number);
        return true;
      case 'puback':
      case 'pubcomp':
        state.flow?.completed(packet.messageId as number);
        return true;
      case 'pubrec':
        if (isError(packet)) state.flow?.completed(packet.messageId as number);
        return true;
      default:
        return true;
    }
  });

  const stateFor = (connect: IConnectPacket): ConnectionState => ({
    version: connect.protocolVersion ?? 4,
    topicAliasMaximum: connect.properties?.topicAliasMaximum ?? 0,
    flow: undefined,
    unacknowledged: new Set(),
  });

  // A hook installed before (acknowledgements held until the commit) sees what this one lets through.
  const next: OutgoingHook = hooked.outgoing ?? ((client, packet, done, send) => send(client, packet, done));
  hooked.outgoing = (client, packet, done, send) => {
    const state = connections.get(client);
    if (!state || state.version !== 5) {
      if (packet.cmd === 'publish') sent(client, packet as OutgoingPublish);
      return next(client, packet, done, send);
    }
    switch (packet.cmd) {
      case 'publish':
        state.flow ??= flowFor(client, state, send);
        return state.flow.publish(packet as unknown as OutgoingPublish, done);
      case 'pubrel':
        state.flow ??= flowFor(client, state, send);
        state.flow.releasing(packet.messageId as number);
        break;
      case 'puback':
      case 'pubcomp':
        state.unacknowledged.delete(packet.messageId as number);
        break;
      case 'pubrec':
        if (isError(packet)) state.unacknowledged.delete(packet.messageId as number);
        break;
    }
    next(client, packet, done, send);
  };

  const flowFor = (client: Client, state: ConnectionState, send: SendPacket) => {
    // Aedes read the client's Receive Maximum and Maximum Packet Size from CONNECT.
    const stated = client as Client & { receiveMaximum?: number; maximumPacketSize?: number };
    const limits = {
      receiveMaximum: stated.receiveMaximum ?? DEFAULT_RECEIVE_MAXIMUM,
      maximumPacketSize: stated.maximumPacketSize,
      topicAliasMaximum: state.topicAliasMaximum,
    };
    return new ConnectionFlow(client, limits, send, { maxHeldMessages: options.maxHeldMessages, maxHeldBytes: options.maxHeldBytes, onDiscarded: discarded, onSent: sent });
  };
}
