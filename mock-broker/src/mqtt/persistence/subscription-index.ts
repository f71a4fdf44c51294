import QlobberSub, { type TrieSubscription } from 'qlobber/aedes/qlobber-sub.js';
import { subscriptionRows, type SubscriptionRecord } from './persistence-rows.js';
import type { WriteBehind } from './write-behind.js';

/** The options Aedes uses for its topic trie: MQTT wildcards and separator. */
export const TOPIC_TRIE_OPTIONS = { wildcard_one: '+', wildcard_some: '#', separator: '/' };

export interface SubscriptionRequest {
  topic: string;
  qos: number;
  rh?: number;
  rap?: boolean;
  nl?: boolean;
  subscriptionIdentifier?: number;
}

export type ClientSubscription = SubscriptionRecord & { topic: string };

/**
 * The persistent sessions' subscriptions: per client for restoring a session, and QoS 1/2 ones in
 * a topic trie for finding whom to queue a message for (QoS 0 ones are never queued for).
 */
export class SubscriptionIndex {
  readonly #byClient = new Map<string, Map<string, SubscriptionRecord>>();
  readonly #trie = new QlobberSub(TOPIC_TRIE_OPTIONS);
  readonly #journal: WriteBehind;

  constructor(journal: WriteBehind) {
    this.#journal = journal;
  }

  /** Rebuilds the index from rows read at start-up, without writing them again. */
  restore(clientId: string, topic: string, record: SubscriptionRecord): void {
    this.#put(clientId, topic, record);
  }

  add(clientId: string, subscriptions: readonly SubscriptionRequest[]): void {
    for (const subscription of subscriptions) {
      const record: SubscriptionRecord = { qos: subscription.qos, rh: subscription.rh, rap: subscription.rap, nl: subscription.nl };
      // Kept only when present, so pre-MQTT 5 subscriptions keep their exact shape.
      if (subscription.subscriptionIdentifier !== undefined) record.subscriptionIdentifier = subscription.subscriptionIdentifier;
      this.#put(clientId, subscription.topic, record);
      subscriptionRows.save(this.#journal, clientId, subscription.topic, record);
    }
  }

  remove(clientId: string, topics: readonly string[]): void {
    const stored = this.#byClient.get(clientId);
    if (!stored) return;
    for (const topic of topics) {
      const record = stored.get(topic);
      if (record === undefined) continue;
      if (record.qos > 0) this.#trie.remove(topic, { clientId, topic });
      stored.delete(topic);
      subscriptionRows.remove(this.#journal, clientId, topic);
    }
    if (stored.size === 0) this.#byClient.delete(clientId);
  }

  /** Removes every subscription of the client. */
  clean(clientId: string): void {
    const stored = this.#byClient.get(clientId);
    if (stored) this.remove(clientId, [...stored.keys()]);
  }

  byClient(clientId: string): ClientSubscription[] {
    const stored = this.#byClient.get(clientId);
    return stored ? [...stored].map(([topic, record]) => ({ topic, ...record })) : [];
  }

  /** The QoS 1/2 subscriptions a message published on `topic` reaches. */
  byTopic(topic: string): TrieSubscription[] {
    return this.#trie.match(topic);
  }

  /** Clients holding exactly this topic filter, in the order they subscribed. */
  *clientsSubscribedTo(topicFilter: string): Generator<string> {
    for (const [clientId, stored] of this.#byClient) {
      if (stored.has(topicFilter)) yield clientId;
    }
  }

  clientIds(): IterableIterator<string> {
    return this.#byClient.keys();
  }

  /** Aedes' countOffline: QoS 1/2 subscriptions, and clients with any subscription. */
  count(): { subsCount: number; clientsCount: number } {
    return { subsCount: this.#trie.subscriptionsCount, clientsCount: this.#byClient.size };
  }

  #put(clientId: string, topic: string, record: SubscriptionRecord): void {
    let stored = this.#byClient.get(clientId);
    if (!stored) {
      stored = new Map();
      this.#byClient.set(clientId, stored);
    }
    if (record.qos > 0) {
      this.#trie.add(topic, { clientId, topic, qos: record.qos, rh: record.rh, rap: record.rap, nl: record.nl });
    } else if ((stored.get(topic)?.qos ?? 0) > 0) {
      this.#trie.remove(topic, { clientId, topic });
    }
    stored.set(topic, record);
  }
}
