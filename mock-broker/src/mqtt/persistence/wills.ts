import type { PersistedPacket } from './persisted-packet.js';
import { willRows } from './persistence-rows.js';
import type { WriteBehind } from './write-behind.js';

/** Each connected client's will, tagged with the broker that holds the connection. */
export class Wills {
  readonly #byClient = new Map<string, PersistedPacket>();
  readonly #journal: WriteBehind;

  constructor(journal: WriteBehind) {
    this.#journal = journal;
  }

  restore(clientId: string, will: PersistedPacket): void {
    this.#byClient.set(clientId, will);
  }

  put(clientId: string, will: PersistedPacket): void {
    this.#byClient.set(clientId, will);
    willRows.save(this.#journal, clientId, will);
  }

  get(clientId: string): PersistedPacket | undefined {
    return this.#byClient.get(clientId);
  }

  /** Removes the will and returns it. */
  delete(clientId: string): PersistedPacket | undefined {
    const will = this.#byClient.get(clientId);
    if (will !== undefined) {
      this.#byClient.delete(clientId);
      willRows.remove(this.#journal, clientId);
    }
    return will;
  }

  /** Wills held by brokers not in `liveBrokers`: Aedes publishes those of brokers that went away. */
  *heldByOtherBrokers(liveBrokers: Record<string, unknown>): Generator<PersistedPacket> {
    for (const will of this.#byClient.values()) {
      if (!liveBrokers[will.brokerId ?? '']) yield will;
    }
  }
}
