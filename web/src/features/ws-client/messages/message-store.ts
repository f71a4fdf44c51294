import { ChangeListeners, FrameBatcher, type FrameScheduler, SHOW_ARRIVALS_EVERY_MS, throttledFrameScheduler } from './frame-batcher';
import { messagePredicate, type MessageFilter, NO_MESSAGE_FILTER } from './message-filter';
import type { WsMessage } from './ws-message';

/** The "messages to keep" setting: its default and bounds. */
export const DEFAULT_MESSAGES_TO_KEEP = 5000;
export const MIN_MESSAGES_TO_KEEP = 100;
export const MAX_MESSAGES_TO_KEEP = 100_000;

/** The filtered index drops its evicted head in one go once it is this long and mostly evicted. */
const COMPACT_AFTER = 4096;

export interface MessageStoreOptions {
  messagesToKeep?: number;
  scheduleFrame?: FrameScheduler;
}

/**
 * Every message a web-socket client session received or published, newest kept up to a bound (a
 * ring buffer: the oldest make room), with a filtered index kept up to date as messages arrive.
 * Messages are stored at once; listeners hear about them on an animation frame, ten times a second at most.
 */
export class MessageStore {
  private slots: (WsMessage | undefined)[];
  private keep: number;
  /** The seq the next message gets; the kept ones are firstSeq … nextSeq - 1. */
  private nextSeq = 0;
  private firstSeq = 0;
  private currentFilter: MessageFilter = NO_MESSAGE_FILTER;
  private predicate: ((message: WsMessage) => boolean) | undefined;
  /** The seqs of kept messages that pass the filter, oldest first, from filteredStart on. */
  private filtered: number[] = [];
  private filteredStart = 0;
  /** Messages received from the broker, counted apart from the bounded slots: the list lets go of the oldest. */
  private received = 0;
  /** Messages the list let go to stay within its bound (not those cleared on purpose). */
  private dropped = 0;
  private settings = 0;
  private readonly changes = new ChangeListeners();
  private readonly batcher: FrameBatcher;

  constructor({ messagesToKeep = DEFAULT_MESSAGES_TO_KEEP, scheduleFrame }: MessageStoreOptions = {}) {
    this.keep = clampKeep(messagesToKeep);
    this.slots = new Array<WsMessage | undefined>(this.keep);
    this.batcher = new FrameBatcher(() => this.changes.notify(), scheduleFrame ?? throttledFrameScheduler(SHOW_ARRIVALS_EVERY_MS));
  }

  /**
   * Stores a message, numbering it (its seq is overwritten: the record is kept as given, not
   * copied); listeners hear of it on the next frame.
   */
  append(message: WsMessage): WsMessage {
    message.seq = this.nextSeq;
    this.slots[this.nextSeq % this.keep] = message;
    this.nextSeq += 1;
    if (message.direction === 'RECEIVED') this.received += 1;
    if (this.nextSeq - this.firstSeq > this.keep) {
      this.dropped += this.nextSeq - this.keep - this.firstSeq;
      this.firstSeq = this.nextSeq - this.keep;
      this.dropEvicted();
    }
    if (this.predicate === undefined || this.predicate(message)) this.filtered.push(message.seq);
    this.batcher.request();
    return message;
  }

  /** The kept message with this seq, if it is still kept. */
  get(seq: number): WsMessage | undefined {
    if (seq < this.firstSeq || seq >= this.nextSeq) return undefined;
    return this.slots[seq % this.keep];
  }

  get size(): number {
    return this.nextSeq - this.firstSeq;
  }

  /** The seq of the oldest kept message and the seq the next one will get. */
  get range(): { first: number; next: number } {
    return { first: this.firstSeq, next: this.nextSeq };
  }

  /**
   * Every message received since the session began, and every message (received or published) the
   * list let go to stay within "messages to keep": what the list shows is what is left.
   */
  get tally(): { received: number; droppedByLimit: number } {
    return { received: this.received, droppedByLimit: this.dropped };
  }

  /** Moves when the filter, the bound or the contents as a whole change (not with each arrival). */
  get settingsVersion(): number {
    return this.settings;
  }

  get messagesToKeep(): number {
    return this.keep;
  }

  /** Changes the bound; when it shrinks, the oldest messages go. */
  setMessagesToKeep(count: number): void {
    const keep = clampKeep(count);
    if (keep === this.keep) return;
    const slots = new Array<WsMessage | undefined>(keep);
    const first = Math.max(this.firstSeq, this.nextSeq - keep);
    for (let seq = first; seq < this.nextSeq; seq += 1) slots[seq % keep] = this.slots[seq % this.keep];
    this.slots = slots;
    this.keep = keep;
    this.dropped += first - this.firstSeq;
    this.firstSeq = first;
    this.settings += 1;
    this.dropEvicted();
    this.changes.notify();
  }

  get filter(): MessageFilter {
    return this.currentFilter;
  }

  /** A new filter is applied to the kept messages once; from then on only arrivals are tested. */
  setFilter(filter: MessageFilter): void {
    this.currentFilter = filter;
    this.predicate = messagePredicate(filter);
    this.settings += 1;
    this.filtered = [];
    this.filteredStart = 0;
    for (let seq = this.firstSeq; seq < this.nextSeq; seq += 1) {
      const message = this.slots[seq % this.keep] as WsMessage;
      if (this.predicate === undefined || this.predicate(message)) this.filtered.push(seq);
    }
    this.changes.notify();
  }

  /** How many kept messages pass the filter. */
  get filteredCount(): number {
    this.dropEvicted();
    return this.filtered.length - this.filteredStart;
  }

  /** The filtered message at a position, 0 being the newest (newestFirst) or the oldest. */
  filteredAt(position: number, newestFirst: boolean): WsMessage | undefined {
    const count = this.filteredCount;
    if (position < 0 || position >= count) return undefined;
    const index = newestFirst ? this.filtered.length - 1 - position : this.filteredStart + position;
    return this.get(this.filtered[index] as number);
  }

  /** Forgets every message; seqs and the tally go on counting. */
  clear(): void {
    this.slots = new Array<WsMessage | undefined>(this.keep);
    this.firstSeq = this.nextSeq;
    this.settings += 1;
    this.filtered = [];
    this.filteredStart = 0;
    this.changes.notify();
  }

  /** The kept messages, oldest first. */
  *messages(): IterableIterator<WsMessage> {
    for (let seq = this.firstSeq; seq < this.nextSeq; seq += 1) yield this.slots[seq % this.keep] as WsMessage;
  }

  /** For useSyncExternalStore: the listener runs at most once per frame (ten times a second by default) while messages arrive. */
  subscribe = (listener: () => void): (() => void) => this.changes.add(listener);

  /** Moves on every notification. */
  getVersion = (): number => this.changes.version;

  private dropEvicted(): void {
    while (this.filteredStart < this.filtered.length && (this.filtered[this.filteredStart] as number) < this.firstSeq) this.filteredStart += 1;
    if (this.filteredStart > COMPACT_AFTER && this.filteredStart * 2 > this.filtered.length) {
      this.filtered = this.filtered.slice(this.filteredStart);
      this.filteredStart = 0;
    }
  }
}

function clampKeep(count: number): number {
  if (!Number.isFinite(count)) return DEFAULT_MESSAGES_TO_KEEP;
  return Math.min(MAX_MESSAGES_TO_KEEP, Math.max(MIN_MESSAGES_TO_KEEP, Math.round(count)));
}
