import { ApiError, ErrorCode } from '../http/api-error.js';

export interface SignInLimits {
  /** Failed attempts allowed within the window before sign-in is refused. */
  maxFailures: number;
  windowMs: number;
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
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: SignInLimits) {}

  /** Throws TooManySignInAttempts while the key has used up its failures. */
  check(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    if (recent.length < this.limits.maxFailures) return;
    const oldest = recent[0] as number;
    throw new TooManySignInAttempts(Math.max(1, Math.ceil((oldest + this.limits.windowMs - now) / 1000)));
  }

  recordFailure(key: string, now = Date.now()): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }
}
