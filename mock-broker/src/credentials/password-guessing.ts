export interface GuessingLimits {
  /** Failed passwords per username within the window; an address gets four times as many. */
  maxFailures: number;
  windowMs: number;
}

/** Usernames and addresses remembered at once; the oldest is forgotten beyond. */
const MAX_KEYS = 10_000;
const ADDRESS_FACTOR = 4;

/**
 * Slows MQTT password guessing: after too many failed passwords for a username, or from an
 * address, within the window, CONNECTs for it are refused without checking the password. Bounded
 * in memory whoever connects: at most MAX_KEYS keys, each with at most its limit of timestamps.
 */
export class PasswordGuessingGuard {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: GuessingLimits) {}

  refuses(username: string | undefined, address: string, now = Date.now()): boolean {
    return (username !== undefined && this.recent(`user:${username}`, now) >= this.limits.maxFailures) || this.recent(`address:${address}`, now) >= this.limits.maxFailures * ADDRESS_FACTOR;
  }

  failed(username: string | undefined, address: string, now = Date.now()): void {
    if (username !== undefined) this.add(`user:${username}`, this.limits.maxFailures, now);
    this.add(`address:${address}`, this.limits.maxFailures * ADDRESS_FACTOR, now);
  }

  succeeded(username: string | undefined): void {
    if (username !== undefined) this.failures.delete(`user:${username}`);
  }

  private recent(key: string, now: number): number {
    const times = this.failures.get(key);
    if (!times) return 0;
    const kept = times.filter((at) => at > now - this.limits.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept.length;
  }

  private add(key: string, keep: number, now: number): void {
    const times = (this.failures.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
    times.push(now);
    // Re-inserted, so the map's first key is the one failed longest ago.
    this.failures.delete(key);
    this.failures.set(key, times.slice(-keep));
    if (this.failures.size > MAX_KEYS) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  /** For tests of the bound. */
  get size(): number {
    return this.failures.size;
  }
}
