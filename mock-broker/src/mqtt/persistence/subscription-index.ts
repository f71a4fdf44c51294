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

/** The subscribers of one topic filter without wildcards: one (most filters name one device's topics), or a map of them. */
type ExactSubscribers = { clientId: string; record: SubscriptionRecord } | Map<string, SubscriptionRecord>;

function isWildcardFilter(topic: string): boolean {
  return topic.includes('+') || topic.includes('#');
}

/** Records without a subscription identifier are few distinct values: each kept once, shared by every subscription. */
const sharedRecords = new Map<string, SubscriptionRecord>();

function shared(record: SubscriptionRecord): SubscriptionRecord {
  if (record.subscriptionIdentifier !== undefined) return record;
  const key = `${record.qos}|${record.rh}|${record.rap}|${record.nl}`;
  let kept = sharedRecords.get(key);
  if (!kept) {
    kept = Object.freeze({ ...record });
    sharedRecords.set(key, kept);
  }
  return kept;
}

function matched(clientId: string, topic: string, record: SubscriptionRecord): TrieSubscription {
  return { clientId, topic, qos: record.qos, rh: record.rh, rap: record.rap, nl: record.nl };
}

/**
 * The persistent sessions' subscriptions: per client for restoring a session, and QoS 1/2 ones for
 * finding whom to queue a message for (QoS 0 ones are never queued for): those with wildcards in a
 * topic trie, the others (nearly all, with many devices: each its own topics) in a map by filter,
 * which a published topic finds in one look-up. In the trie each such filter cost its own branch of
 * nodes, a map and an iterator closure, several hundred bytes for every session.
 */
export class SubscriptionIndex {
  readonly #byClient = new Map<string, Map<string, SubscriptionRecord>>();
  readonly #trie = new QlobberSub(TOPIC_TRIE_OPTIONS);
  readonly #exact = new Map<string, ExactSubscribers>();
  #exactCount = 0;
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
      if (record.qos > 0) this.#unmatch(clientId, topic);
      stored.delete(topic);
      subscriptionRows.remove(this.#journal, clientId, topic);
    }
    if (stored.size === 0) {
      this.#byClient.delete(clientId);
      this.#lastClientId = undefined;
      this.#lastStored = undefined;
    }
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
    const found = this.#trie.match(topic);
    const exact = this.#exact.get(topic);
    if (exact instanceof Map) for (const [clientId, record] of exact) found.push(matched(clientId, topic, record));
    else if (exact) found.push(matched(exact.clientId, topic, exact.record));
    return found;
  }

  /** Clients holding exactly this topic filter, in the order they subscribed. */
  *clientsSubscribedTo(topicFilter: string): Generator<string> {
    for (const [clientId, stored] of this.#byClient) {
      if (stored.has(topicFilter)) yield clientId;
    }
  }

  countFor(clientId: string): number {
    return this.#byClient.get(clientId)?.size ?? 0;
  }

  clientIds(): IterableIterator<string> {
    return this.#byClient.keys();
  }

  /** Aedes' countOffline: QoS 1/2 subscriptions, and clients with any subscription. */
  count(): { subsCount: number; clientsCount: number } {
    return { subsCount: this.#trie.subscriptionsCount + this.#exactCount, clientsCount: this.#byClient.size };
  }

  /** The client #put wrote last and its map (rows read at start-up come client by client); cleared when a map goes. */
  #lastClientId: string | undefined;
  #lastStored: Map<string, SubscriptionRecord> | undefined;

  #put(clientId: string, topic: string, given: SubscriptionRecord): void {
    const record = shared(given);
    let stored = this.#lastClientId === clientId ? this.#lastStored : this.#byClient.get(clientId);
    if (!stored) {
      stored = new Map();
      this.#byClient.set(clientId, stored);
    }
    this.#lastClientId = clientId;
    this.#lastStored = stored;
    if (record.qos > 0) this.#match(clientId, topic, record);
    else if ((stored.get(topic)?.qos ?? 0) > 0) this.#unmatch(clientId, topic);
    stored.set(topic, record);
  }

  #match(clientId: string, topic: string, record: SubscriptionRecord): void {
    if (isWildcardFilter(topic)) {
      this.#trie.add(topic, matched(clientId, topic, record));
      return;
    }
    const exact = this.#exact.get(topic);
    if (exact === undefined) {
      this.#exact.set(topic, { clientId, record });
      this.#exactCount += 1;
    } else if (exact instanceof Map) {
      if (!exact.has(clientId)) this.#exactCount += 1;
      exact.set(clientId, record);
    } else if (exact.clientId === clientId) {
      exact.record = record;
    } else {
      this.#exact.set(topic, new Map([[exact.clientId, exact.record], [clientId, record]]));
      this.#exactCount += 1;
    }
  }

  #unmatch(clientId: string, topic: string): void {
    if (isWildcardFilter(topic)) {
      this.#trie.remove(topic, { clientId, topic });
      return;
    }
    const exact = this.#exact.get(topic);
    if (exact instanceof Map) {
      if (exact.delete(clientId)) this.#exactCount -= 1;
      if (exact.size === 0) this.#exact.delete(topic);
    } else if (exact?.clientId === clientId) {
      this.#exact.delete(topic);
      this.#exactCount -= 1;
    }
  }
}
