import { CredentialsExpiredError } from '../http/api-error.js';
import type { ResetTokenRepository } from '../users/reset-token-repository.js';
import type { User } from '../users/user.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Long enough to finish the reset screen the console opens at once. */
const RESET_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

/**
 * The password age policy: a password set more than maxAgeDays ago signs in to a code 15 refusal
 * carrying a reset token, so the user sets a new one first (spec sections 2 and 8).
 */
export class PasswordExpiry {
  /** maxAgeDays: read at each sign-in (the password policy's expiration period); 0 never expires. */
  constructor(
    private readonly maxAgeDays: () => number,
    private readonly resetTokens: ResetTokenRepository,
  ) {}

  refuseIfExpired(user: User, now = Date.now()): void {
    const maxAgeDays = this.maxAgeDays();
    if (maxAgeDays === 0) return;
    const setAt = user.additionalInfo.userPasswordHistory?.at(-1)?.ts ?? user.createdTime;
    if (now - setAt <= maxAgeDays * DAY_MS) return;
    throw new CredentialsExpiredError(this.resetTokens.issue(user.id, now + RESET_TOKEN_LIFETIME_MS));
  }
}
