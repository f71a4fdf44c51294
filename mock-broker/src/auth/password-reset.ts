import { ApiError, ErrorCode } from '../http/api-error.js';
import type { Mail, MailService } from '../mail/mail-service.js';
import type { ResetTokenRepository } from '../users/reset-token-repository.js';
import type { UserRepository } from '../users/user-repository.js';
import type { UserService } from '../users/user-service.js';
import type { User } from '../users/user.js';
import type { LinkMailLimiter } from './link-mail-limiter.js';
import type { TokenPair, TokenService } from './token-service.js';

const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

function resetMail(user: User, link: string): Mail {
  if (user.additionalInfo.lang === 'de_DE') {
    return {
      to: user.email,
      subject: 'Starling: Passwort zurücksetzen',
      text: `Um Ihr Passwort für Starling zurückzusetzen, öffnen Sie diesen Link (eine Stunde gültig):\n\n${link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.`,
      html: `<p>Um Ihr Passwort für Starling zurückzusetzen, öffnen Sie <a href="${link}">diesen Link</a> (eine Stunde gültig).</p><p>Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.</p>`,
    };
  }
  return {
    to: user.email,
    subject: 'Starling: reset your password',
    text: `To reset your Starling password, open this link (valid for one hour):\n\n${link}\n\nIf you did not ask for this, ignore this message.`,
    html: `<p>To reset your Starling password, open <a href="${link}">this link</a> (valid for one hour).</p><p>If you did not ask for this, ignore this message.</p>`,
  };
}

/** Spec section 2 and 7: reset a password by a link sent by e-mail. */
export class PasswordResetService {
  constructor(
    private readonly users: UserRepository,
    private readonly userService: UserService,
    private readonly resetTokens: ResetTokenRepository,
    private readonly mail: MailService,
    private readonly tokens: TokenService,
    private readonly publicUrl: string,
    private readonly linkMails: LinkMailLimiter,
  ) {}

  /**
   * Mails a reset link when the address belongs to a user. The answer is the same either way, so
   * the form cannot be used to find out who has an account; a mail failure is logged instead. A new
   * link voids the last one; asking too often for one address answers 429, known or not.
   */
  async requestReset(email: string, now = Date.now()): Promise<void> {
    this.linkMails.take(email, now);
    const user = this.users.findByEmail(email.trim());
    if (!user) return;
    const token = this.resetTokens.issue(user.id, now + RESET_LINK_LIFETIME_MS);
    const link = `${this.publicUrl.replace(/\/$/, '')}/login/resetPassword?resetToken=${encodeURIComponent(token)}`;
    try {
      await this.mail.send(resetMail(user, link));
    } catch (error) {
      console.error(`Could not mail a password reset link to ${user.email}:`, error instanceof Error ? error.message : error);
    }
  }

  async reset(resetToken: string, password: string): Promise<TokenPair> {
    const holder = this.resetTokens.holder(resetToken);
    if (holder) await this.userService.checkPassword(holder, password, 'body.password');
    const userId = this.resetTokens.consume(resetToken);
    if (!userId) throw new ApiError(400, ErrorCode.invalidArguments, 'body.resetToken is invalid or has expired: ask for a new link');
    const user = await this.userService.setPassword(userId, password);
    this.resetTokens.deleteForUser(userId);
    return this.tokens.issue(user);
  }
}
