import type { PersistedPacket } from './persisted-packet.js';

export type DroppedListener = (clientId: string, packet: PersistedPacket) => void;

/** A set that forgets its oldest entries beyond `capacity`. */
class RecentSet<T> {
  readonly #entries = new Set<T>();
  constructor(private readonly capacity: number) {}

  add(entry: T): void {
    this.#entries.add(entry);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.values().next().value as T);
  }

  /** Removes the entry and says whether it was there. */
  take(entry: T): boolean {
    return this.#entries.delete(entry);
  }

  has(entry: T): boolean {
    return this.#entries.has(entry);
  }
}

const identity = (packet: PersistedPacket) => `${packet.brokerId}\u0000${packet.brokerCounter}`;

/**
 * Counts the messages a full session queue refused (per client and in total) and tells the
 * listener about each.
 *
 * Aedes queues every QoS 1/2 message for a persistent session, online or not, and then asks to
 * stamp a message id on it before sending it to a connected client. When the queue refused the
 * message, there is nothing to stamp, and a failed stamp would make Aedes drop the connection. So
 * a refused message still goes to a client that is online, once and unqueued: it is not kept for
 * redelivery. Those "live deliveries" are remembered here so the rest of their QoS flow is
 * accepted.
 */
export class DroppedMessages {
  #total = 0;
  readonly #byClient = new Map<string, number>();
  readonly #refused = new Map<string, RecentSet<string>>();
  readonly #liveDeliveries = new Map<string, RecentSet<number>>();

  constructor(
    private readonly onDropped: DroppedListener | undefined,
    /** How many refused messages and live deliveries to remember per client. */
    private readonly memory: number,
  ) {}

  get total(): number {
    return this.#total;
  }

  countFor(clientId: string): number {
    return this.#byClient.get(clientId) ?? 0;
  }

  /** A message a full queue refused: it may still go once to the online client (see above). */
  record(clientId: string, packet: PersistedPacket): void {
    this.discarded(clientId, packet);
    this.#recent(this.#refused, clientId).add(identity(packet));
  }

  /** A message the client will never get, counted for its session (too large for the client, say). */
  discarded(clientId: string, packet: PersistedPacket): void {
    this.#total++;
    this.#byClient.set(clientId, this.countFor(clientId) + 1);
    this.onDropped?.(clientId, packet);
  }

  /** True when Aedes is now sending a refused message to the online client. */
  startLiveDelivery(clientId: string, packet: PersistedPacket): boolean {
    if (!this.#refused.get(clientId)?.take(identity(packet))) return false;
    if (packet.messageId !== undefined) this.#recent(this.#liveDeliveries, clientId).add(packet.messageId);
    return true;
  }

  isLiveDelivery(clientId: string, messageId: number | undefined): boolean {
    return messageId !== undefined && (this.#liveDeliveries.get(clientId)?.has(messageId) ?? false);
  }

  endLiveDelivery(clientId: string, messageId: number | undefined): void {
    if (messageId !== undefined) this.#liveDeliveries.get(clientId)?.take(messageId);
  }

  /** Forgets the client entirely, its count included: its session is gone. */
  forget(clientId: string): void {
    this.#byClient.delete(clientId);
    this.#refused.delete(clientId);
    this.#liveDeliveries.delete(clientId);
  }

  #recent<T>(sets: Map<string, RecentSet<T>>, clientId: string): RecentSet<T> {
    let set = sets.get(clientId);
    if (!set) {
      set = new RecentSet<T>(this.memory);
      sets.set(clientId, set);
    }
    return set;
  }
}
