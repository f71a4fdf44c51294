import type { Database } from '../database/database.js';

/** How many uses between sweeps of ids whose tokens have expired anyway. */
const SWEEP_EVERY = 100;

/**
 * The refresh tokens already used, by id, kept until they would have expired: a stolen refresh
 * token that its owner has used is worthless, and the owner learns of a thief who used it first.
 */
export class RefreshTokenLedger {
  private uses = 0;

  constructor(private readonly database: Database) {}

  /** Records the use; false when the token was used before. */
  use(jti: string, expiresAt: number, now = Date.now()): boolean {
    if (++this.uses % SWEEP_EVERY === 0) this.database.run('DELETE FROM used_refresh_token WHERE expires_at < ?', [now]);
    return this.database.run('INSERT OR IGNORE INTO used_refresh_token (jti, expires_at) VALUES (?, ?)', [jti, expiresAt]).changes > 0;
  }
}
