import { copyPacket, type PersistedPacket } from './persisted-packet.js';
import { incomingRows } from './persistence-rows.js';
import type { WriteBehind } from './write-behind.js';

type IncomingPacket = PersistedPacket & { messageId: number };

const NO_PAYLOAD = Buffer.alloc(0);

/**
 * What is kept of an unreleased packet when its payload is not: the fields that name it. Its
 * payload and properties, up to a maximum packet size each, stay out of memory and the file.
 */
function receipt(packet: IncomingPacket): IncomingPacket {
  return { cmd: packet.cmd, brokerId: packet.brokerId, brokerCounter: packet.brokerCounter ?? 0, topic: packet.topic, payload: NO_PAYLOAD, qos: packet.qos ?? 2, retain: packet.retain ?? false, dup: false, messageId: packet.messageId };
}

export interface IncomingPacketsOptions {
  /**
   * Keep each packet whole, as aedes-persistence's contract returns it. Without, only a receipt:
   * then a client that holds back its PUBRELs, up to the 65,535 packet ids of MQTT 3.1.1 (which
   * has no Receive Maximum), costs a receipt per packet, not a payload each.
   */
  keepPayloads: boolean;
}

/**
 * QoS 2 publishes a client sent and the broker has not released yet (PUBREC sent, PUBREL not
 * received). Kept across a restart so a retransmitted PUBLISH is recognised and not published twice.
 */
export class IncomingPackets {
  readonly #byClient = new Map<string, Map<number, IncomingPacket>>();
  readonly #journal: WriteBehind;
  readonly #keepPayloads: boolean;

  constructor(journal: WriteBehind, options: IncomingPacketsOptions) {
    this.#journal = journal;
    this.#keepPayloads = options.keepPayloads;
  }

  /** A row of the file, which may have been written whole by a version that kept the payloads. */
  restore(clientId: string, packet: IncomingPacket): void {
    this.#packets(clientId).set(packet.messageId, this.#keepPayloads ? packet : receipt(packet));
  }

  store(clientId: string, packet: PersistedPacket & { messageId: number }): void {
    const stored: IncomingPacket = this.#keepPayloads ? { ...copyPacket(packet), messageId: packet.messageId } : receipt(packet);
    this.#packets(clientId).set(packet.messageId, stored);
    incomingRows.save(this.#journal, clientId, stored);
  }

  get(clientId: string, messageId: number | undefined): IncomingPacket | undefined {
    return messageId === undefined ? undefined : this.#byClient.get(clientId)?.get(messageId);
  }

  /** Removes the packet; false when there was none. */
  delete(clientId: string, messageId: number | undefined): boolean {
    const packets = this.#byClient.get(clientId);
    if (messageId === undefined || !packets?.delete(messageId)) return false;
    if (packets.size === 0) this.#byClient.delete(clientId);
    incomingRows.remove(this.#journal, clientId, messageId);
    return true;
  }

  /** How many unreleased packets the client's session holds. */
  countFor(clientId: string): number {
    return this.#byClient.get(clientId)?.size ?? 0;
  }

  /** The clients that have unreleased packets. */
  clientIds(): IterableIterator<string> {
    return this.#byClient.keys();
  }

  removeClient(clientId: string): void {
    for (const messageId of this.#byClient.get(clientId)?.keys() ?? []) incomingRows.remove(this.#journal, clientId, messageId);
    this.#byClient.delete(clientId);
  }

  #packets(clientId: string): Map<number, IncomingPacket> {
    let packets = this.#byClient.get(clientId);
    if (!packets) {
      packets = new Map();
      this.#byClient.set(clientId, packets);
    }
    return packets;
  }
}
