import type { DeliveryState, DeliveryView } from '../integration.js';
import type { Backlog } from './backlog.js';
import type { BacklogEntry, CapturedMessage } from './captured-message.js';
import { TopicQueues } from './topic-queues.js';

/**
 * Where an integration's messages go (targets/). `in-order` targets take batches in backlog order,
 * one batch at a time (one connection keeps their order: MQTT, Kafka); `per-topic` targets take
 * one message per call, several calls at once but one per source topic (HTTP).
 */
export interface Target {
  readonly mode: 'in-order' | 'per-topic';
  /** in-order: messages per batch; per-topic: calls at once. */
  readonly maxInFlight: number;
  /** Connects where the target has a connection; rejects when it cannot (the FAILED lifecycle event). */
  start(): Promise<void>;
  /** Resolves once the target took every entry; an in-order target rejects with PartialDelivery. */
  send(entries: BacklogEntry[]): Promise<void>;
  /** Ends the connection; sends under way settle soon after. */
  close(): Promise<void>;
}

/** An in-order batch the target took only the first `delivered` of. */
export class PartialDelivery extends Error {
  constructor(
    readonly delivered: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RetryPolicy {
  /** The wait after the first failure; it doubles with each further one. */
  minMs: number;
  maxMs: number;
}

/** What the deliverer tells its integration's service (which keeps events and status). */
export interface DeliveryListener {
  started(): void;
  /** The target could not start; it is tried again after the backoff. */
  startFailed(error: string): void;
  /** An attempt failed (the target's answer, or why it could not be reached). */
  attemptFailed(error: string): void;
  dropped(): void;
}

/** Counts since the node started, kept by the integration across its deliverers (a saved change starts a new one). */
export interface DeliveryTotals {
  sent: number;
  failed: number;
  retried: number;
  dropped: number;
}

export const noDeliveries = (): DeliveryTotals => ({ sent: 0, failed: 0, retried: 0, dropped: 0 });

/** Counts since the last statistics period (the STATS event). */
export interface PeriodCounts {
  processed: number;
  errors: number;
  retried: number;
  dropped: number;
}

const emptyPeriod = (): PeriodCounts => ({ processed: 0, errors: 0, retried: 0, dropped: 0 });

/**
 * How long a stop lets the sends under way finish before it closes the target. A request the
 * service already took but had not answered would be sent again by the next deliverer: waiting for
 * its answer keeps a restart or a saved change from repeating it. A service that hangs only delays
 * the stop by this much.
 */
export const STOP_GRACE_MS = 5000;

export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 4096);
}

/**
 * Delivers one integration's backlog to its target at least once: an entry leaves the backlog
 * only once the target took it. A failure keeps the entry (and, in order, those after it) and
 * pauses the integration with an exponential backoff; the order per source topic is kept through
 * retries, so a target sees a topic's messages in the order they were published (repeated only
 * after a failure or a crash, as at-least-once allows).
 */
export class Deliverer {
  readonly #backlog: Backlog;
  readonly #target: Target;
  readonly #retry: RetryPolicy;
  readonly #listener: DeliveryListener;
  readonly #now: () => number;
  /** per-topic targets only. */
  readonly #topics: TopicQueues | undefined;
  readonly #inFlight = new Set<Promise<void>>();
  #running = false;
  #started = false;
  #startFailed = false;
  #failures = 0;
  #timer: NodeJS.Timeout | undefined;
  #nextRetryTime: number | undefined;
  #lastError: string | undefined;
  #lastErrorTime: number | undefined;
  #scheduled = false;
  readonly #totals: DeliveryTotals;
  #period = emptyPeriod();

  readonly #stopGraceMs: number;

  constructor(options: {
    backlog: Backlog;
    target: Target;
    retry: RetryPolicy;
    listener: DeliveryListener;
    totals: DeliveryTotals;
    now?: () => number;
    stopGraceMs?: number;
  }) {
    this.#stopGraceMs = options.stopGraceMs ?? STOP_GRACE_MS;
    this.#backlog = options.backlog;
    this.#target = options.target;
    this.#retry = options.retry;
    this.#listener = options.listener;
    this.#now = options.now ?? Date.now;
    this.#totals = options.totals;
    if (this.#target.mode === 'per-topic') this.#topics = new TopicQueues(this.#backlog.values());
  }

  /** Takes a message for delivery; false when the backlog is full (it is counted as dropped). */
  accept(message: CapturedMessage): boolean {
    const entry = this.#backlog.append(message);
    if (!entry) {
      this.#totals.dropped += 1;
      this.#period.dropped += 1;
      this.#listener.dropped();
      return false;
    }
    this.#topics?.push(entry);
    this.#schedulePump();
    return true;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    void this.#startTarget();
  }

  /**
   * Stops sending: nothing new starts, what is under way gets the grace period to finish, then the
   * target closes and what is left settles before this resolves. The backlog stays.
   */
  async stop(): Promise<void> {
    this.#running = false;
    this.#started = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#nextRetryTime = undefined;
    await this.#underWaySettled(this.#stopGraceMs);
    await this.#target.close();
    await Promise.allSettled([...this.#inFlight]);
  }

  /** Resolves once the sends under way settled (a stopped deliverer starts none), or after `ms`. */
  async #underWaySettled(ms: number): Promise<void> {
    if (this.#inFlight.size === 0) return;
    let grace: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((resolve) => {
      grace = setTimeout(resolve, ms);
    });
    await Promise.race([Promise.allSettled([...this.#inFlight]), expired]);
    clearTimeout(grace);
  }

  /** The counts since the last call. */
  popPeriod(): PeriodCounts {
    const period = this.#period;
    this.#period = emptyPeriod();
    return period;
  }

  view(): DeliveryView {
    return {
      state: this.#state(),
      ...this.#totals,
      backlogMessages: this.#backlog.messages,
      backlogBytes: this.#backlog.bytes,
      maxBacklogBytes: this.#backlog.maxBytes,
      ...(this.#lastError !== undefined ? { lastError: this.#lastError, lastErrorTime: this.#lastErrorTime } : {}),
      ...(this.#nextRetryTime !== undefined ? { nextRetryTime: this.#nextRetryTime } : {}),
    };
  }

  #state(): DeliveryState {
    if (!this.#running) return 'STOPPED';
    if (this.#startFailed) return 'FAILED';
    if (this.#timer !== undefined) return 'RETRYING';
    return this.#inFlight.size > 0 || this.#backlog.messages > 0 ? 'SENDING' : 'IDLE';
  }

  async #startTarget(): Promise<void> {
    try {
      await this.#target.start();
    } catch (error) {
      if (!this.#running) return;
      this.#startFailed = true;
      this.#noteError(errorText(error));
      this.#listener.startFailed(errorText(error));
      this.#backOff(() => void this.#startTarget());
      return;
    }
    if (!this.#running) return;
    this.#startFailed = false;
    this.#started = true;
    this.#failures = 0;
    this.#listener.started();
    this.#pump();
  }

  #schedulePump(): void {
    if (this.#scheduled || !this.#started) return;
    this.#scheduled = true;
    // Messages published in one turn of the event loop go out together.
    setImmediate(() => {
      this.#scheduled = false;
      this.#pump();
    });
  }

  #pump(): void {
    if (!this.#running || !this.#started || this.#timer !== undefined) return;
    if (this.#topics) {
      while (this.#inFlight.size < this.#target.maxInFlight) {
        const entry = this.#topics.takeReady();
        if (!entry) return;
        this.#send([entry]);
      }
      return;
    }
    if (this.#inFlight.size > 0) return;
    const batch: BacklogEntry[] = [];
    for (const entry of this.#backlog.values()) {
      batch.push(entry);
      if (batch.length >= this.#target.maxInFlight) break;
    }
    if (batch.length > 0) this.#send(batch);
  }

  #send(entries: BacklogEntry[]): void {
    for (const entry of entries) {
      if (entry.attempts > 0) {
        this.#totals.retried += 1;
        this.#period.retried += 1;
      }
    }
    const sending = this.#target.send(entries).then(
      () => this.#settled(entries, entries.length),
      (error: unknown) => this.#settled(entries, error instanceof PartialDelivery ? error.delivered : 0, error),
    );
    this.#inFlight.add(sending);
    void sending.finally(() => {
      this.#inFlight.delete(sending);
      this.#pump();
    });
  }

  #settled(entries: BacklogEntry[], delivered: number, error?: unknown): void {
    for (const entry of entries.slice(0, delivered)) {
      this.#backlog.delivered(entry);
      this.#topics?.delivered(entry);
    }
    this.#totals.sent += delivered;
    this.#period.processed += delivered;
    if (error === undefined) {
      this.#failures = 0;
      return;
    }
    const failed = entries.slice(delivered);
    for (const entry of failed) {
      entry.attempts += 1;
      this.#topics?.failed(entry);
    }
    this.#totals.failed += failed.length;
    this.#period.errors += failed.length;
    // Parallel calls failing together are one outage: one error and one backoff.
    if (this.#timer !== undefined || !this.#running) return;
    const text = errorText(error);
    this.#noteError(text);
    this.#listener.attemptFailed(text);
    this.#backOff(() => this.#pump());
  }

  #noteError(text: string): void {
    this.#lastError = text;
    this.#lastErrorTime = this.#now();
  }

  #backOff(then: () => void): void {
    this.#failures += 1;
    const exponential = this.#retry.minMs * 2 ** Math.min(this.#failures - 1, 30);
    // ±20 %: integrations failing together do not all come back in the same instant.
    const wait = Math.min(this.#retry.maxMs, exponential) * (0.8 + Math.random() * 0.4);
    this.#nextRetryTime = this.#now() + Math.round(wait);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#nextRetryTime = undefined;
      if (this.#running) then();
    }, wait);
    this.#timer.unref();
  }
}
