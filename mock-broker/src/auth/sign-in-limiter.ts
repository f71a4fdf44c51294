import { ApiError, ErrorCode } from '../http/api-error.js';
import { AttemptCounter } from './attempt-counter.js';

export interface SignInLimits {
  /** Failed attempts allowed within the window before sign-in is refused. */
  maxFailures: number;
  windowMs: number;
  /** Accounts (or addresses) remembered at most; see AttemptCounter. */
  maxKeys?: number;
}

/** Answers 429 with code 33 (spec section 8) and says when to try again. */
export class TooManySignInAttempts extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorCode.tooManyRequests, `Too many failed sign-in attempts: try again in ${retryAfterSeconds} seconds`);
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/**
 * Counts failed sign-ins per key (an account, an address) in a sliding window, so that guessing
 * passwords is slow while an operator who mistyped twice is not locked out.
 */
export class SignInLimiter {
  private readonly failures: AttemptCounter;

  /** Limits that may change while the node runs (the console's security settings) are given as a function, read on each attempt. */
  constructor(limits: SignInLimits | (() => SignInLimits)) {
    const current = typeof limits === 'function' ? limits : () => limits;
    this.failures = new AttemptCounter({
      get maxAttempts() {
        return current().maxFailures;
      },
      get windowMs() {
        return current().windowMs;
      },
      maxKeys: current().maxKeys,
    });
  }

  /** Throws TooManySignInAttempts while the key has used up its failures. */
  check(key: string, now = Date.now()): void {
    const retryAfterSeconds = this.failures.retryAfterSeconds(key, now);
    if (retryAfterSeconds !== undefined) throw new TooManySignInAttempts(retryAfterSeconds);
  }

  recordFailure(key: string, now = Date.now()): void {
    this.failures.record(key, now);
  }

  /** Takes back an attempt counted at `at` before it was judged, once it succeeded. */
  withdraw(key: string, at: number): void {
    this.failures.withdraw(key, at);
  }

  reset(key: string): void {
    this.failures.forget(key);
  }

  footprint(): ReturnType<AttemptCounter['footprint']> {
    return this.failures.footprint();
  }
}
