import type { DroppedMessages } from './dropped-messages.js';
import type { IncomingPackets } from './incoming-packets.js';
import type { OutgoingQueues } from './outgoing-queues.js';
import type { ClientSubscription, SubscriptionIndex } from './subscription-index.js';
import type { Wills } from './wills.js';

/** A subscription of a stored session, with MQTT 5 defaults filled in for MQTT 3.1.1 ones. */
export interface StoredSubscription {
  topicFilter: string;
  qos: number;
  options: { noLocal: boolean; retainAsPublished: boolean; retainHandling: number };
  subscriptionIdentifier?: number;
}

export interface StoredSession {
  clientId: string;
  subscriptions: StoredSubscription[];
  /** Messages waiting for the client or in flight to it (sent, not yet acknowledged). */
  queuedMessages: number;
  /** Messages refused because the queue was full, since the node started. */
  droppedMessages: number;
}

export interface SessionStores {
  subscriptions: SubscriptionIndex;
  outgoing: OutgoingQueues;
  incoming: IncomingPackets;
  wills: Wills;
  dropped: DroppedMessages;
}

function toStoredSubscription(subscription: ClientSubscription): StoredSubscription {
  const stored: StoredSubscription = {
    topicFilter: subscription.topic,
    qos: subscription.qos,
    options: { noLocal: subscription.nl ?? false, retainAsPublished: subscription.rap ?? false, retainHandling: subscription.rh ?? 0 },
  };
  if (subscription.subscriptionIdentifier !== undefined) stored.subscriptionIdentifier = subscription.subscriptionIdentifier;
  return stored;
}

/**
 * The persistent sessions the store knows, for the console: a session is known while it has
 * subscriptions or queued messages. What a connected client holds only in memory is not here.
 */
export class SessionView {
  constructor(
    private readonly stores: SessionStores,
    /** Told of every session `remove` deleted. */
    private readonly onRemoved: (clientId: string) => void = () => undefined,
  ) {}

  /** Every stored session, ordered by client id. */
  list(): StoredSession[] {
    const clientIds = new Set([...this.stores.subscriptions.clientIds(), ...this.stores.outgoing.clientIds()]);
    return [...clientIds].sort().map((clientId) => this.#session(clientId));
  }

  find(clientId: string): StoredSession | undefined {
    const known = this.stores.subscriptions.byClient(clientId).length > 0 || this.stores.outgoing.countFor(clientId) > 0;
    return known ? this.#session(clientId) : undefined;
  }

  /** The clients with messages queued or in flight: far fewer than all sessions, usually. */
  clientsWithQueuedMessages(): IterableIterator<string> {
    return this.stores.outgoing.clientIds();
  }

  subscriptionCount(clientId: string): number {
    return this.stores.subscriptions.countFor(clientId);
  }

  queuedCount(clientId: string): number {
    return this.stores.outgoing.countFor(clientId);
  }

  /**
   * Deletes everything stored for the client: subscriptions, queued and in-flight messages, QoS 2
   * packets it sent, its will and its dropped count. A client still connected keeps the
   * subscriptions it holds in memory until it disconnects; disconnecting it is the caller's job.
   */
  remove(clientId: string): boolean {
    const existed = this.find(clientId) !== undefined;
    this.stores.subscriptions.clean(clientId);
    this.stores.outgoing.removeClient(clientId);
    this.stores.incoming.removeClient(clientId);
    this.stores.wills.delete(clientId);
    this.stores.dropped.forget(clientId);
    this.onRemoved(clientId);
    return existed;
  }

  #session(clientId: string): StoredSession {
    return {
      clientId,
      subscriptions: this.stores.subscriptions.byClient(clientId).map(toStoredSubscription),
      queuedMessages: this.stores.outgoing.countFor(clientId),
      droppedMessages: this.stores.dropped.countFor(clientId),
    };
  }
}
