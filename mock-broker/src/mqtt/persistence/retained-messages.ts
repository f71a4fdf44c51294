import { QlobberTrue } from 'qlobber';
import type { PersistedPacket } from './persisted-packet.js';
import { retainedRows, type RetainedEntry } from './persistence-rows.js';
import { TOPIC_TRIE_OPTIONS } from './subscription-index.js';
import type { WriteBehind } from './write-behind.js';

/** A predicate for "topic matches one of these MQTT topic filters". */
function topicMatcher(topicFilters: readonly string[]): (topic: string) => boolean {
  const filters = new QlobberTrue(TOPIC_TRIE_OPTIONS);
  for (const filter of topicFilters) filters.add(filter);
  return (topic) => filters.test(topic);
}

/** The last retained message per topic, with the time it was stored. */
export class RetainedMessages {
  readonly #byTopic = new Map<string, RetainedEntry>();
  readonly #journal: WriteBehind;

  constructor(journal: WriteBehind) {
    this.#journal = journal;
  }

  restore(entry: RetainedEntry): void {
    if (entry.packet.topic !== undefined) this.#byTopic.set(entry.packet.topic, entry);
  }

  /** Stores a copy of the packet; an empty payload deletes the topic's retained message. */
  store(packet: PersistedPacket, now = Date.now()): void {
    const topic = packet.topic ?? '';
    if (packet.payload === undefined || packet.payload.length === 0) {
      this.remove(topic);
      return;
    }
    const entry = { packet: { ...packet }, createdTime: now };
    this.#byTopic.set(topic, entry);
    retainedRows.save(this.#journal, entry);
  }

  remove(topic: string): boolean {
    const existed = this.#byTopic.delete(topic);
    if (existed) retainedRows.remove(this.#journal, topic);
    return existed;
  }

  get(topic: string): RetainedEntry | undefined {
    return this.#byTopic.get(topic);
  }

  /** Retained messages whose topic matches any of the filters; each message once. */
  *matching(topicFilters: readonly string[]): Generator<RetainedEntry> {
    const matches = topicMatcher(topicFilters);
    for (const [topic, entry] of this.#byTopic) {
      if (matches(topic)) yield entry;
    }
  }
}
