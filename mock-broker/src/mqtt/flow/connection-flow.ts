import type { AedesPublishPacket, Client } from 'aedes';
import mqttPacket, { type IPublishPacket } from 'mqtt-packet';
import { storedBytes, type PersistedPacket } from '../persistence/persisted-packet.js';
import { OutgoingTopicAliases } from './outgoing-topic-aliases.js';

/** Aedes' writer, handed to the outgoing hook: sends one packet as it is. */
export type SendPacket = (client: Client, packet: object, done: WriteDone) => void;
export type WriteDone = (error?: Error | null) => void;

/** A message on its way to the client: Aedes' packet with the absolute expiry Aedes keeps. */
export type OutgoingPublish = AedesPublishPacket & { messageExpiry?: number };

/** What the client stated in CONNECT about what it can take (MQTT 5 section 3.1.2.11). */
export interface ClientLimits {
  /** Unacknowledged QoS 1/2 PUBLISHes it accepts at once (65535 when it said nothing). */
  receiveMaximum: number;
  /** Largest packet it accepts, in bytes; undefined: no limit. */
  maximumPacketSize: number | undefined;
  /** Topic aliases it accepts from the broker; 0: none. */
  topicAliasMaximum: number;
}

export interface FlowOptions {
  /** How many messages may wait for a free place in the client's Receive Maximum. */
  maxHeldMessages: number;
  /** The bytes (topics, payloads, properties) they may hold; a message larger on its own may still wait alone. */
  maxHeldBytes: number;
  /** A message the client will never get (too large for it, expired while waiting, no room to wait). */
  onDiscarded(client: Client, packet: OutgoingPublish): void;
  /** A QoS 1/2 message went out on the wire: sent again later, it is a re-delivery. */
  onSent(client: Client, packet: OutgoingPublish): void;
}

const PUBLISH_PROPERTIES_NOT_SENT = 'messageExpiry';

/**
 * What the broker sends one client on one network connection, held to the limits the client
 * stated (MQTT 5 sections 3.3.4 and 4.9): never more unacknowledged QoS 1/2 PUBLISHes than its
 * Receive Maximum (the rest wait here, in order), never a packet above its Maximum Packet Size,
 * topic aliases when it accepts them, and the Message Expiry Interval that is left at sending.
 *
 * A persistent session's messages are also in its queue in the persistence, so those waiting
 * here when the connection ends are sent again on the next one.
 */
export class ConnectionFlow {
  readonly #inFlight = new Set<number>();
  readonly #waiting: OutgoingPublish[] = [];
  /** The bytes of each waiting message, in the same order, and their sum. */
  readonly #waitingSizes: number[] = [];
  #waitingBytes = 0;
  readonly #aliases: OutgoingTopicAliases | undefined;

  constructor(
    private readonly client: Client,
    private readonly limits: ClientLimits,
    private readonly sendPacket: SendPacket,
    private readonly options: FlowOptions,
  ) {
    this.#aliases = limits.topicAliasMaximum > 0 ? new OutgoingTopicAliases(limits.topicAliasMaximum) : undefined;
  }

  /** A PUBLISH Aedes writes to the client. */
  publish(packet: OutgoingPublish, done: WriteDone): void {
    if (packet.qos === 0 || this.#inFlight.has(packet.messageId as number)) {
      this.#transmit(packet, done);
    } else if (this.#inFlight.size < this.limits.receiveMaximum) {
      this.#inFlight.add(packet.messageId as number);
      this.#transmit(packet, done);
    } else {
      const bytes = storedBytes(packet as unknown as PersistedPacket);
      const room = this.#waiting.length === 0 || (this.#waiting.length < this.options.maxHeldMessages && this.#waitingBytes + bytes <= this.options.maxHeldBytes);
      if (room) {
        this.#waiting.push(packet);
        this.#waitingSizes.push(bytes);
        this.#waitingBytes += bytes;
      } else this.#discard(packet);
      // Aedes goes on with other clients and messages: this one is held, not lost.
      setImmediate(done);
    }
  }

  /** A PUBREL Aedes writes: the QoS 2 flow it belongs to is still in flight. */
  releasing(messageId: number): void {
    this.#inFlight.add(messageId);
  }

  /** The client ended a QoS 1/2 flow (PUBACK, PUBCOMP, or PUBREC with an error): a place is free. */
  completed(messageId: number): void {
    if (!this.#inFlight.delete(messageId)) return;
    while (this.#waiting.length > 0 && this.#inFlight.size < this.limits.receiveMaximum) {
      const next = this.#waiting.shift() as OutgoingPublish;
      this.#waitingBytes -= this.#waitingSizes.shift() ?? 0;
      this.#inFlight.add(next.messageId as number);
      this.#transmit(next, ignoreClosedConnection);
    }
  }

  #transmit(packet: OutgoingPublish, done: WriteDone): void {
    const wire = this.#wireForm(packet);
    if (wire === undefined) {
      this.#discard(packet);
      done();
      return;
    }
    this.sendPacket(this.client, wire.packet, done);
    wire.commit?.();
    if (packet.qos > 0) this.options.onSent(this.client, packet);
  }

  /** The packet as this client gets it; undefined when it must not be sent at all. */
  #wireForm(packet: OutgoingPublish): { packet: IPublishPacket; commit?: () => void } | undefined {
    // The common case costs nothing: Aedes' packet goes out as it is.
    if (packet.messageExpiry === undefined && !this.#aliases) {
      const asIs = packet as unknown as IPublishPacket;
      return this.#fits(asIs) ? { packet: asIs } : undefined;
    }
    let properties = packet.properties;
    if (packet.messageExpiry !== undefined) {
      const leftMs = packet.messageExpiry - Date.now();
      if (leftMs <= 0) return undefined;
      properties = { ...properties, messageExpiryInterval: Math.ceil(leftMs / 1000) };
    }
    const full: IPublishPacket = { ...withoutInternalFields(packet), properties };
    if (!this.#aliases) return this.#fits(full) ? { packet: full } : undefined;

    if (!this.#aliases.takes(packet.topic)) return this.#fits(full) ? { packet: full } : undefined;
    const known = this.#aliases.known(packet.topic);
    if (known !== undefined) {
      const aliased: IPublishPacket = { ...full, topic: '', properties: { ...properties, topicAlias: known } };
      return this.#fits(aliased) ? { packet: aliased } : undefined;
    }
    const alias = this.#aliases.candidate();
    const introducing: IPublishPacket = { ...full, properties: { ...properties, topicAlias: alias } };
    if (this.#fits(introducing)) return { packet: introducing, commit: () => this.#aliases?.assign(packet.topic, alias) };
    return this.#fits(full) ? { packet: full } : undefined;
  }

  #fits(packet: IPublishPacket): boolean {
    const maximum = this.limits.maximumPacketSize;
    return maximum === undefined || mqttPacket.generate(packet, { protocolVersion: 5 }).length <= maximum;
  }

  /** The client will not get this message: counted, and a QoS 1/2 one behaves as delivered. */
  #discard(packet: OutgoingPublish): void {
    this.options.onDiscarded(this.client, packet);
    if (packet.qos > 0) this.completed(packet.messageId as number);
  }
}

function withoutInternalFields(packet: OutgoingPublish): IPublishPacket {
  const { [PUBLISH_PROPERTIES_NOT_SENT]: _expiry, ...rest } = packet;
  return rest as unknown as IPublishPacket;
}

function ignoreClosedConnection(): void {
  // A held message whose connection closed meanwhile stays in its session's queue, if it has one.
}
