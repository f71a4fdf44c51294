import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../database/database.js';

/** Only a hash of a reset token is stored: the database never holds a usable link. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a mailed link is for: resetting a password, or setting the first one of a new account. */
export type TokenPurpose = 'RESET' | 'ACTIVATION';

/**
 * Mailed-link tokens. The table stays small whatever is asked of it: one live token per user and
 * purpose (a new link replaces the last, enforced by a unique index), and expired ones are deleted
 * whenever a new one is made.
 */
export class ResetTokenRepository {
  constructor(private readonly database: Database) {}

  /** Makes a new random token for the user, valid until expiresAt, replacing the user's last one for this purpose. */
  issue(userId: string, expiresAt: number, purpose: TokenPurpose = 'RESET', now = Date.now()): string {
    const token = randomBytes(32).toString('base64url');
    this.database.run('DELETE FROM user_reset_token WHERE expires_at <= ?', [now]);
    this.database.run(
      `INSERT INTO user_reset_token (token_hash, user_id, expires_at, purpose) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, purpose) DO UPDATE SET token_hash = excluded.token_hash, expires_at = excluded.expires_at`,
      [hashOf(token), userId, expiresAt, purpose],
    );
    return token;
  }

  /** The user a live token is for, leaving it in place: a password the policy refuses must not use up the link. */
  holder(token: string, purpose: TokenPurpose = 'RESET', now = Date.now()): string | undefined {
    const row = this.database.get('SELECT user_id FROM user_reset_token WHERE token_hash = ? AND purpose = ? AND expires_at > ?', [hashOf(token), purpose, now]);
    return row ? String(row.user_id) : undefined;
  }

  /**
   * Uses the token up: answers the user it is for while it has not expired and serves that purpose,
   * and deletes it in the same statement, so of two requests with one token only one gets the user.
   */
  consume(token: string, purpose: TokenPurpose = 'RESET', now = Date.now()): string | undefined {
    const [row] = this.database.all('DELETE FROM user_reset_token WHERE token_hash = ? AND purpose = ? AND expires_at > ? RETURNING user_id', [
      hashOf(token),
      purpose,
      now,
    ]);
    return row ? String(row.user_id) : undefined;
  }

  /** A used reset makes every other link of the user void too. */
  deleteForUser(userId: string): void {
    this.database.run('DELETE FROM user_reset_token WHERE user_id = ?', [userId]);
  }

  /** How many tokens are stored, live or not. */
  count(): number {
    return Number(this.database.get('SELECT COUNT(*) AS n FROM user_reset_token')?.n ?? 0);
  }
}
