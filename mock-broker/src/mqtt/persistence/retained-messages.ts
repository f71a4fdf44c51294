import type { PersistedPacket } from './persisted-packet.js';
import { retainedRows, type RetainedEntry } from './persistence-rows.js';
import { RetainedTopicTree } from './retained-topic-tree.js';
import type { WriteBehind } from './write-behind.js';

/** The last retained message per topic, with the time it was stored. */
export class RetainedMessages {
  readonly #byTopic = new Map<string, RetainedEntry>();
  /** The same entries by topic level, for SUBSCRIBE's filters. */
  readonly #tree = new RetainedTopicTree<RetainedEntry>();
  readonly #journal: WriteBehind;

  constructor(journal: WriteBehind) {
    this.#journal = journal;
  }

  restore(entry: RetainedEntry): void {
    if (entry.packet.topic !== undefined) this.#put(entry.packet.topic, entry);
  }

  /** Stores a copy of the packet; an empty payload deletes the topic's retained message. */
  store(packet: PersistedPacket, now = Date.now()): void {
    const topic = packet.topic ?? '';
    if (packet.payload === undefined || packet.payload.length === 0) {
      this.remove(topic);
      return;
    }
    const entry = { packet: { ...packet }, createdTime: now };
    this.#put(topic, entry);
    retainedRows.save(this.#journal, entry);
  }

  remove(topic: string): boolean {
    const existed = this.#byTopic.delete(topic);
    if (existed) {
      this.#tree.delete(topic);
      retainedRows.remove(this.#journal, topic);
    }
    return existed;
  }

  get(topic: string): RetainedEntry | undefined {
    return this.#byTopic.get(topic);
  }

  /** Retained messages whose topic matches any of the filters; each message once. */
  *matching(topicFilters: readonly string[]): Generator<RetainedEntry> {
    if (topicFilters.length === 1) {
      yield* this.#tree.match(topicFilters[0] as string);
      return;
    }
    const seen = new Set<RetainedEntry>();
    for (const filter of topicFilters) {
      for (const entry of this.#tree.match(filter)) {
        if (seen.has(entry)) continue;
        seen.add(entry);
        yield entry;
      }
    }
  }

  #put(topic: string, entry: RetainedEntry): void {
    this.#byTopic.set(topic, entry);
    this.#tree.set(topic, entry);
  }
}
