import { ChangeLog } from '../../lists/change-log.js';
import { payloadBytes, storedBytes, type PersistedPacket } from './persisted-packet.js';
import { retainedRows, type RetainedEntry } from './persistence-rows.js';
import { RetainedTopicTree, type BranchSummary, type EntryMeasure } from './retained-topic-tree.js';
import type { WriteBehind } from './write-behind.js';

/** What a retained message counts against STARLING_MAX_RETAINED_BYTES: its topic, payload and properties. */
export const retainedBytes = (topic: string, entry: RetainedEntry): number => storedBytes(entry.packet, topic);

const measure = (entry: RetainedEntry): EntryMeasure => ({ bytes: payloadBytes(entry.packet.payload), time: entry.updatedTime });

/**
 * The last retained message per topic, with the time its topic first got one (since the last
 * delete) and the time this one was stored.
 */
export class RetainedMessages {
  readonly #byTopic = new Map<string, RetainedEntry>();
  /** The same entries by topic level, for SUBSCRIBE's filters and the summaries of branches. */
  readonly #tree = new RetainedTopicTree<RetainedEntry>(measure);
  readonly #changes = new ChangeLog();
  readonly #journal: WriteBehind;
  /** Bytes of the topics, payloads and properties held (what the retained limits count). */
  #bytes = 0;

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
    const createdTime = this.#byTopic.get(topic)?.createdTime ?? now;
    const entry = { packet: { ...packet }, createdTime, updatedTime: now };
    this.#put(topic, entry);
    retainedRows.save(this.#journal, entry);
  }

  remove(topic: string): boolean {
    const entry = this.#byTopic.get(topic);
    const existed = this.#byTopic.delete(topic);
    if (entry) this.#bytes -= retainedBytes(topic, entry);
    if (existed) {
      this.#tree.delete(topic);
      this.#changes.changed(topic);
      retainedRows.remove(this.#journal, topic);
    }
    return existed;
  }

  get(topic: string): RetainedEntry | undefined {
    return this.#byTopic.get(topic);
  }

  get size(): number {
    return this.#byTopic.size;
  }

  /** Bytes of the topics, payloads and properties held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Grows with every stored or deleted message, so views kept in some order know when to catch up. */
  get version(): number {
    return this.#changes.version;
  }

  /** The topics changed after `version`; undefined: rebuild from all messages. */
  changedSince(version: number): string[] | undefined {
    return this.#changes.changedSince(version);
  }

  all(): IterableIterator<RetainedEntry> {
    return this.#byTopic.values();
  }

  /** How many messages lie at the topic and below it. */
  countInBranch(topic: string): number {
    return this.#tree.count(topic);
  }

  /** The levels right below a branch (undefined: the top level), each summed up. */
  branches(branch: string | undefined): BranchSummary[] | undefined {
    return this.#tree.branches(branch);
  }

  /** Retained messages whose topic matches any of the filters; each message once. */
  matching(topicFilters: readonly string[]): RetainedEntry[] {
    if (topicFilters.length === 1) return this.#tree.match(topicFilters[0] as string);
    return [...new Set(topicFilters.flatMap((filter) => this.#tree.match(filter)))];
  }

  #put(topic: string, entry: RetainedEntry): void {
    const before = this.#byTopic.get(topic);
    if (before) this.#bytes -= retainedBytes(topic, before);
    this.#bytes += retainedBytes(topic, entry);
    this.#byTopic.set(topic, entry);
    this.#tree.set(topic, entry);
    this.#changes.changed(topic);
  }
}
