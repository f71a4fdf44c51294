import { copyPacket, type PersistedPacket } from './persisted-packet.js';
import { incomingRows } from './persistence-rows.js';
import type { WriteBehind } from './write-behind.js';

type IncomingPacket = PersistedPacket & { messageId: number };

/**
 * QoS 2 publishes a client sent and the broker has not released yet (PUBREC sent, PUBREL not
 * received). Kept across a restart so a retransmitted PUBLISH is recognised and not published twice.
 */
export class IncomingPackets {
  readonly #byClient = new Map<string, Map<number, IncomingPacket>>();
  readonly #journal: WriteBehind;

  constructor(journal: WriteBehind) {
    this.#journal = journal;
  }

  restore(clientId: string, packet: IncomingPacket): void {
    this.#packets(clientId).set(packet.messageId, packet);
  }

  store(clientId: string, packet: PersistedPacket & { messageId: number }): void {
    const stored: IncomingPacket = { ...copyPacket(packet), messageId: packet.messageId };
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
