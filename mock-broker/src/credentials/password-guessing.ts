import { AttemptCounter } from '../auth/attempt-counter.js';

export interface GuessingLimits {
  /** Failed passwords per username within the window; an address gets four times as many. */
  maxFailures: number;
  windowMs: number;
}

/** Usernames and addresses remembered at once, half each; the least recently failed is forgotten beyond. */
const MAX_KEYS = 10_000;
const ADDRESS_FACTOR = 4;
/** CONNECTs waiting for their turn per username or address; more are refused as guessing. */
const MAX_WAITING = 1_000;

/** Password checks under way for one key, and the CONNECTs waiting for one of them to end. */
interface InFlight {
  checks: number;
  waiting: (() => void)[];
}

/**
 * Slows MQTT password guessing: after too many failed passwords for a username, or from an
 * address, within the window, CONNECTs for it are refused without checking the password. Bounded
 * in memory whoever connects (see AttemptCounter).
 */
export class PasswordGuessingGuard {
  private readonly usernames: AttemptCounter;
  private readonly addresses: AttemptCounter;
  /** Keyed `u:<username>` and `a:<address>`; an entry lives only while checks run or CONNECTs wait. */
  private readonly inFlight = new Map<string, InFlight>();

  constructor(private readonly limits: GuessingLimits) {
    this.usernames = new AttemptCounter({ maxAttempts: limits.maxFailures, windowMs: limits.windowMs, maxKeys: MAX_KEYS / 2 });
    this.addresses = new AttemptCounter({ maxAttempts: limits.maxFailures * ADDRESS_FACTOR, windowMs: limits.windowMs, maxKeys: MAX_KEYS / 2 });
  }

  /**
   * Waits until a password may be checked, so that concurrent CONNECTs cannot all pass the limits
   * before one has failed: checks under way count as failures-to-be, and a CONNECT beyond them waits
   * for one to end (a right password starts the username afresh, and the waiting ones go on).
   * Answers false when the limits are reached: refuse without checking.
   */
  async begin(username: string | undefined, address: string): Promise<boolean> {
    const keys = [...(username === undefined ? [] : [{ key: `u:${username}`, counter: this.usernames, max: this.limits.maxFailures }]), { key: `a:${address}`, counter: this.addresses, max: this.limits.maxFailures * ADDRESS_FACTOR }];
    for (;;) {
      const now = Date.now();
      if (this.refuses(username, address, now)) return false;
      const full = keys.find(({ key, counter, max }) => counter.count(key.slice(2), now) + (this.inFlight.get(key)?.checks ?? 0) >= max);
      if (full === undefined) {
        for (const { key } of keys) this.entry(key).checks += 1;
        return true;
      }
      const entry = this.entry(full.key);
      if (entry.waiting.length >= MAX_WAITING) return false;
      await new Promise<void>((resolve) => entry.waiting.push(resolve));
    }
  }

  /** The check begun with begin() has ended: `matched` says whether the password was right (undefined: none was judged). */
  end(username: string | undefined, address: string, matched: boolean | undefined, now = Date.now()): void {
    if (matched === false) this.failed(username, address, now);
    if (matched === true) this.succeeded(username);
    for (const key of [...(username === undefined ? [] : [`u:${username}`]), `a:${address}`]) {
      const entry = this.inFlight.get(key);
      if (entry === undefined) continue;
      entry.checks -= 1;
      const waiting = entry.waiting.splice(0);
      if (entry.checks <= 0 && entry.waiting.length === 0) this.inFlight.delete(key);
      for (const wake of waiting) wake();
    }
  }

  private entry(key: string): InFlight {
    let entry = this.inFlight.get(key);
    if (entry === undefined) {
      entry = { checks: 0, waiting: [] };
      this.inFlight.set(key, entry);
    }
    return entry;
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
