import { ApiError, ErrorCode } from '../http/api-error.js';

/** Answered when the node already has as many queries waiting as it keeps: try again shortly. */
export class TooManyQueries extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, ErrorCode.tooManyRequests, `The node is answering too many time-series queries: try again in ${retryAfterSeconds} seconds`);
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/**
 * At most `running` queries at once per node, the next `waiting` in line in arrival order, any
 * more refused: however many clients ask, the node's share of work for queries stays the same.
 */
export class QueryGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new TooManyQueries(this.retryAfterSeconds);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      // A waiting query takes over this one's place; only when none waits does the count drop.
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
