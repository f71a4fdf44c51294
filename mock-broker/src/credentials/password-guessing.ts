import { AttemptCounter } from '../auth/attempt-counter.js';

export interface GuessingLimits {
  /** Failed passwords per username within the window; an address gets four times as many. */
  maxFailures: number;
  windowMs: number;
}

/** Usernames and addresses remembered at once, half each; the least recently failed is forgotten beyond. */
const MAX_KEYS = 10_000;
const ADDRESS_FACTOR = 4;

/**
 * Slows MQTT password guessing: after too many failed passwords for a username, or from an
 * address, within the window, CONNECTs for it are refused without checking the password. Bounded
 * in memory whoever connects (see AttemptCounter).
 */
export class PasswordGuessingGuard {
  private readonly usernames: AttemptCounter;
  private readonly addresses: AttemptCounter;

  constructor(limits: GuessingLimits) {
    this.usernames = new AttemptCounter({ maxAttempts: limits.maxFailures, windowMs: limits.windowMs, maxKeys: MAX_KEYS / 2 });
    this.addresses = new AttemptCounter({ maxAttempts: limits.maxFailures * ADDRESS_FACTOR, windowMs: limits.windowMs, maxKeys: MAX_KEYS / 2 });
  }

  refuses(username: string | undefined, address: string, now = Date.now()): boolean {
    return (username !== undefined && this.usernames.retryAfterSeconds(username, now) !== undefined) || this.addresses.retryAfterSeconds(address, now) !== undefined;
  }

  failed(username: string | undefined, address: string, now = Date.now()): void {
    if (username !== undefined) this.usernames.record(username, now);
    this.addresses.record(address, now);
  }

  succeeded(username: string | undefined): void {
    if (username !== undefined) this.usernames.forget(username);
  }

  /** For tests of the bound. */
  get size(): number {
    return this.usernames.footprint().keys + this.addresses.footprint().keys;
  }
}
