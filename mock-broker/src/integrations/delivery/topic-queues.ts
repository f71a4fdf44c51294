import type { BacklogEntry } from './captured-message.js';

/** A first-in first-out list that drops its front without copying the rest. */
class Queue<T> {
  #items: T[] = [];
  #head = 0;

  get size(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push(item);
  }

  peek(): T | undefined {
    return this.#items[this.#head];
  }

  shift(): void {
    this.#head += 1;
    // Copy what is left once the dropped front outweighs it: amortised constant time.
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
  }
}

/**
 * The backlog by source topic, for targets that take one message per call (HTTP): a topic's
 * next message is handed out only once its previous one was delivered, so calls to the target
 * run in parallel across topics and in order within one. Topics take turns.
 */
export class TopicQueues {
  readonly #byTopic = new Map<string, Queue<BacklogEntry>>();
  /** Topics whose next message may go now, in the order they became ready. */
  readonly #ready = new Set<string>();

  constructor(entries: Iterable<BacklogEntry>) {
    for (const entry of entries) this.push(entry);
  }

  push(entry: BacklogEntry): void {
    let queue = this.#byTopic.get(entry.topic);
    if (!queue) {
      queue = new Queue();
      this.#byTopic.set(entry.topic, queue);
      this.#ready.add(entry.topic);
    }
    queue.push(entry);
  }

  /** The next message of a ready topic, which is busy until delivered() or failed(). */
  takeReady(): BacklogEntry | undefined {
    for (const topic of this.#ready) {
      this.#ready.delete(topic);
      return this.#byTopic.get(topic)?.peek();
    }
    return undefined;
  }

  delivered(entry: BacklogEntry): void {
    const queue = this.#byTopic.get(entry.topic);
    if (queue?.peek() !== entry) return;
    queue.shift();
    if (queue.size === 0) this.#byTopic.delete(entry.topic);
    else this.#ready.add(entry.topic);
  }

  /** The message stays first of its topic, to be tried again. */
  failed(entry: BacklogEntry): void {
    if (this.#byTopic.get(entry.topic)?.peek() === entry) this.#ready.add(entry.topic);
  }
}
