import { ApiError, ErrorCode } from '../http/api-error.js';

/** Answered when the node already has as many queries waiting as it keeps: try again shortly. */
export class TooManyQueries extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, ErrorCode.tooManyRequests, `The node is answering too many time-series queries: try again in ${retryAfterSeconds} seconds`);
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

interface Waiter {
  start(): void;
}

/**
 * At most `running` queries at once per node, the next `waiting` in line in arrival order, any
 * more refused: however many clients ask, the node's share of work for queries stays the same. A
 * query whose client went away (its signal aborted) leaves the line at once.
 */
export class QueryGate {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new TooManyQueries(this.retryAfterSeconds);
      await this.turn(signal);
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      // A waiting query takes over this one's place; only when none waits does the count drop.
      const next = this.queue.shift();
      if (next) next.start();
      else this.active -= 1;
    }
  }

  private turn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const index = this.queue.indexOf(waiter);
        if (index !== -1) this.queue.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        },
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.queue.push(waiter);
    });
  }
}
