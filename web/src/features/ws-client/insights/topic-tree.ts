import { ChangeListeners, FrameBatcher, type FrameScheduler, SHOW_ARRIVALS_EVERY_MS, throttledFrameScheduler } from '../messages/frame-batcher';
import type { WsMessage } from '../messages/ws-message';

/** The tree stops taking new topics past this many, and says so. */
export const DEFAULT_MAX_TOPICS = 10_000;

export interface TopicNode {
  /** This level's name; the root's is empty. */
  level: string;
  /** The topic down to this level. */
  topic: string;
  parent: TopicNode | undefined;
  children: Map<string, TopicNode>;
  /** Messages on this topic and every topic below it. */
  messageCount: number;
  /** The latest message on exactly this topic. */
  last: WsMessage | undefined;
}

function node(level: string, topic: string, parent: TopicNode | undefined): TopicNode {
  return { level, topic, parent, children: new Map(), messageCount: 0, last: undefined };
}

export interface TopicTreeOptions {
  maxTopics?: number;
  scheduleFrame?: FrameScheduler;
}

/**
 * The topics a connection has seen, level by level, with message counts and each topic's latest
 * message. A message on a known topic costs one map look-up and a walk up its levels; listeners
 * hear of changes on an animation frame, ten times a second at most.
 */
export class TopicTree {
  readonly root: TopicNode = node('', '', undefined);
  private readonly byTopic = new Map<string, TopicNode>();
  private readonly maxTopics: number;
  /** Messages on topics the tree had no room for. */
  private uncounted = 0;
  private readonly changes = new ChangeListeners();
  private readonly batcher: FrameBatcher;

  constructor({ maxTopics = DEFAULT_MAX_TOPICS, scheduleFrame }: TopicTreeOptions = {}) {
    this.maxTopics = maxTopics;
    this.batcher = new FrameBatcher(() => this.changes.notify(), scheduleFrame ?? throttledFrameScheduler(SHOW_ARRIVALS_EVERY_MS));
  }

  record(message: WsMessage): void {
    const leaf = this.byTopic.get(message.topic) ?? this.addTopic(message.topic);
    if (leaf === undefined) {
      this.uncounted += 1;
    } else {
      leaf.last = message;
      for (let current: TopicNode | undefined = leaf; current !== undefined; current = current.parent) current.messageCount += 1;
    }
    this.batcher.request();
  }

  get topicCount(): number {
    return this.byTopic.size;
  }

  /** Whether topics were left out for want of room, and how many of their messages. */
  get capped(): { topics: number; uncountedMessages: number } | undefined {
    return this.uncounted > 0 ? { topics: this.maxTopics, uncountedMessages: this.uncounted } : undefined;
  }

  clear(): void {
    this.root.children.clear();
    this.root.messageCount = 0;
    this.byTopic.clear();
    this.uncounted = 0;
    this.changes.notify();
  }

  subscribe = (listener: () => void): (() => void) => this.changes.add(listener);
  getVersion = (): number => this.changes.version;

  private addTopic(topic: string): TopicNode | undefined {
    if (this.byTopic.size >= this.maxTopics) return undefined;
    let current = this.root;
    const levels = topic.split('/');
    levels.forEach((level, index) => {
      let child = current.children.get(level);
      if (!child) {
        child = node(level, levels.slice(0, index + 1).join('/'), current);
        current.children.set(level, child);
      }
      current = child;
    });
    this.byTopic.set(topic, current);
    return current;
  }
}
