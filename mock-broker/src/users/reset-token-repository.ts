import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../database/database.js';

/** Only a hash of a reset token is stored: the database never holds a usable link. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a mailed link is for: resetting a password, or setting the first one of a new account. */
export type TokenPurpose = 'RESET' | 'ACTIVATION';

export class ResetTokenRepository {
  constructor(private readonly database: Database) {}

  /** Makes a new random token for the user, valid until expiresAt; answers the token itself. */
  issue(userId: string, expiresAt: number, purpose: TokenPurpose = 'RESET'): string {
    const token = randomBytes(32).toString('base64url');
    this.database.run('INSERT INTO user_reset_token (token_hash, user_id, expires_at, purpose) VALUES (?, ?, ?, ?)', [hashOf(token), userId, expiresAt, purpose]);
    return token;
  }

  /** The user a token is for, while it has not expired and serves that purpose. */
  userFor(token: string, purpose: TokenPurpose = 'RESET', now = Date.now()): string | undefined {
    const row = this.database.get('SELECT user_id FROM user_reset_token WHERE token_hash = ? AND purpose = ? AND expires_at > ?', [hashOf(token), purpose, now]);
    return row ? String(row.user_id) : undefined;
  }

  /** A used reset makes every other link of the user void too. */
  deleteForUser(userId: string): void {
    this.database.run('DELETE FROM user_reset_token WHERE user_id = ?', [userId]);
  }
}
