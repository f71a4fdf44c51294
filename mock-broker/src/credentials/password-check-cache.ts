import { createHmac, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

type Compare = (password: string, hash: string) => Promise<boolean>;

/**
 * bcrypt answers per (stored hash, presented password), so that a reconnect storm of a thousand
 * clients sharing credentials costs one bcrypt comparison, not a thousand; concurrent checks of
 * the same pair share the one in flight. Keys are HMACs under a key that never leaves this
 * process, so memory holds no password. A changed password changes the stored hash and so the
 * key: stale answers can never apply, and forget() frees them at once.
 */
export class PasswordCheckCache {
  private readonly secret = randomBytes(32);
  private readonly answers = new Map<string, Promise<boolean>>();

  constructor(
    private readonly capacity = 10_000,
    private readonly compare: Compare = bcrypt.compare,
  ) {}

  check(credentialsId: string, passwordHash: string, password: string): Promise<boolean> {
    const key = `${credentialsId}:${this.digest(passwordHash)}:${this.digest(password)}`;
    const known = this.answers.get(key);
    if (known) {
      // Refresh its place: the map's order is least recently used first.
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const answer = this.compare(password, passwordHash);
    this.answers.set(key, answer);
    answer.catch(() => this.answers.delete(key));
    if (this.answers.size > this.capacity) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    return answer;
  }

  /** Drops every answer about these credentials (changed or deleted). */
  forget(credentialsId: string): void {
    for (const key of this.answers.keys()) if (key.startsWith(`${credentialsId}:`)) this.answers.delete(key);
  }

  private digest(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }
}
