import { createHash } from 'node:crypto';

export interface AttemptLimits {
  /** Attempts allowed within the window; the next one is refused. */
  maxAttempts: number;
  windowMs: number;
  /** Keys remembered at most; past it the least recently active key is forgotten. */
  maxKeys?: number;
}

/** Keys are outside input (a typed username, a requested e-mail address): longer ones are kept as a digest. */
const MAX_KEY_LENGTH = 128;
const DEFAULT_MAX_KEYS = 10_000;

function storedKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Attempts per key in a sliding window, bounded in memory whatever the callers send: at most
 * maxKeys keys of at most 128 characters, each with at most maxAttempts times. A flood of new keys
 * pushes out the least recently active ones, so it can reset the count of a key it buries, but never
 * grow the process.
 */
export class AttemptCounter {
  /** In least recently active order: a key that records an attempt moves to the end. */
  private readonly attempts = new Map<string, number[]>();
  private readonly maxKeys: number;

  constructor(private readonly limits: AttemptLimits) {
    this.maxKeys = limits.maxKeys ?? DEFAULT_MAX_KEYS;
  }

  /** Seconds until the key may try again; undefined while it has attempts left. */
  retryAfterSeconds(key: string, now = Date.now()): number | undefined {
    const recent = this.recent(storedKey(key), now);
    if (recent.length < this.limits.maxAttempts) return undefined;
    const oldest = recent[recent.length - this.limits.maxAttempts] as number;
    return Math.max(1, Math.ceil((oldest + this.limits.windowMs - now) / 1000));
  }

  /** Attempts within the window. */
  count(key: string, now = Date.now()): number {
    return this.recent(storedKey(key), now).length;
  }

  record(key: string, now = Date.now()): void {
    const stored = storedKey(key);
    // Only the latest maxAttempts times decide anything: concurrent attempts cannot pile up more.
    const kept = [...this.recent(stored, now), now].slice(-this.limits.maxAttempts);
    this.attempts.delete(stored);
    this.attempts.set(stored, kept);
    if (this.attempts.size > this.maxKeys) {
      const leastRecent = this.attempts.keys().next().value;
      if (leastRecent !== undefined) this.attempts.delete(leastRecent);
    }
  }

  /** Takes back one attempt recorded at `at` (one that turned out not to count). */
  withdraw(key: string, at: number): void {
    const stored = storedKey(key);
    const times = this.attempts.get(stored);
    const index = times?.lastIndexOf(at) ?? -1;
    if (times === undefined || index < 0) return;
    times.splice(index, 1);
    if (times.length === 0) this.attempts.delete(stored);
  }

  forget(key: string): void {
    this.attempts.delete(storedKey(key));
  }

  /** What is held: keys, and the characters of keys plus the attempt times (for the bound's tests). */
  footprint(): { keys: number; keyCharacters: number; times: number } {
    let keyCharacters = 0;
    let times = 0;
    for (const [key, attempts] of this.attempts) {
      keyCharacters += key.length;
      times += attempts.length;
    }
    return { keys: this.attempts.size, keyCharacters, times };
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.attempts.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
    if (kept.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, kept);
    return kept;
  }
}
