import type { RetainedEntry } from './persistence-rows.js';
import { retainedBytes, type RetainedMessages } from './retained-messages.js';
import type { BranchSummary } from './retained-topic-tree.js';

export type { BranchSummary } from './retained-topic-tree.js';

/** A retained message as the store holds it; read-only outside the persistence. */
export type StoredRetainedMessage = Readonly<RetainedEntry>;

/** A message past its expiry is no longer delivered to subscribers, so the console does not show it. */
export const isLive = ({ packet }: StoredRetainedMessage, now: number) => packet.messageExpiry === undefined || packet.messageExpiry > now;

/**
 * The retained store as the console's retained messages area sees it: every message, those a topic
 * filter matches, one by topic, branch summaries; deleting one takes it from the store at once, so
 * no later SUBSCRIBE delivers it.
 */
export class RetainedView {
  constructor(private readonly retained: RetainedMessages) {}

  /** Messages held, expired ones that no one has dropped yet included. */
  get size(): number {
    return this.retained.size;
  }

  /** Bytes of the topics, payloads and properties held. */
  get bytes(): number {
    return this.retained.bytes;
  }

  /** What the message held for the topic counts against the byte bound; 0 when none is held. */
  bytesOf(topic: string): number {
    const entry = this.retained.get(topic);
    return entry === undefined ? 0 : retainedBytes(topic, entry);
  }

  /** Whether a message is held for the topic (expired or not). */
  has(topic: string): boolean {
    return this.retained.get(topic) !== undefined;
  }

  /** Grows with every stored or deleted message. */
  get version(): number {
    return this.retained.version;
  }

  /** The topics whose message was stored or deleted after `version`; undefined when too many to tell. */
  changedSince(version: number): string[] | undefined {
    return this.retained.changedSince(version);
  }

  *all(now = Date.now()): Generator<StoredRetainedMessage> {
    for (const entry of this.retained.all()) if (isLive(entry, now)) yield entry;
  }

  matching(topicFilter: string, now = Date.now()): StoredRetainedMessage[] {
    return this.retained.matching([topicFilter]).filter((entry) => isLive(entry, now));
  }

  get(topic: string, now = Date.now()): StoredRetainedMessage | undefined {
    const entry = this.retained.get(topic);
    return entry && isLive(entry, now) ? entry : undefined;
  }

  /** Deletes the topic's retained message; false when there was none. */
  delete(topic: string): boolean {
    return this.retained.remove(topic);
  }

  /** How many messages lie at the topic and below it, expired ones that no one has dropped yet included. */
  countInBranch(topic: string): number {
    return this.retained.countInBranch(topic);
  }

  /** The levels right below a branch (undefined: the top level), each summed up; undefined when the branch holds nothing. */
  branches(branch: string | undefined): BranchSummary[] | undefined {
    return this.retained.branches(branch);
  }

  /** Deletes the messages whose expiry has passed (Aedes drops them only when a SUBSCRIBE finds them); answers how many. */
  deleteExpired(now = Date.now()): number {
    const expired: string[] = [];
    for (const entry of this.retained.all()) if (!isLive(entry, now)) expired.push(entry.packet.topic ?? '');
    for (const topic of expired) this.retained.remove(topic);
    return expired.length;
  }
}
