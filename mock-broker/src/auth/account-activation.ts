import { ApiError, ErrorCode } from '../http/api-error.js';
import type { Mail, MailService } from '../mail/mail-service.js';
import type { ResetTokenRepository } from '../users/reset-token-repository.js';
import type { UserRepository } from '../users/user-repository.js';
import type { UserSaveRequest, UserService } from '../users/user-service.js';
import type { User } from '../users/user.js';
import type { LinkMailLimiter } from './link-mail-limiter.js';
import type { TokenPair, TokenService } from './token-service.js';

const ACTIVATION_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

function invitation(user: User, link: string): Mail {
  const german = user.additionalInfo.lang === 'de_DE';
  const text = german
    ? `Für Sie wurde ein Starling-Konto angelegt. Legen Sie hier Ihr Passwort fest (24 Stunden gültig):\n\n${link}`
    : `A Starling account was created for you. Set your password here (valid for 24 hours):\n\n${link}`;
  return {
    to: user.email,
    subject: german ? 'Starling: Ihr Konto aktivieren' : 'Starling: activate your account',
    text,
    html: `<p>${text.split('\n\n')[0]}</p><p><a href="${link}">${link}</a></p>`,
  };
}

function confirmation(user: User, consoleUrl: string): Mail {
  const german = user.additionalInfo.lang === 'de_DE';
  const text = german ? `Ihr Starling-Konto ist aktiv. Anmelden: ${consoleUrl}/login` : `Your Starling account is active. Sign in: ${consoleUrl}/login`;
  return { to: user.email, subject: german ? 'Starling: Konto aktiv' : 'Starling: account active', text, html: `<p>${text}</p>` };
}

/** Spec section 2 and 7: accounts activated by a mailed link (/login/createPassword?activateToken=…). */
export class AccountActivationService {
  private readonly consoleUrl: string;

  constructor(
    private readonly users: UserRepository,
    private readonly userService: UserService,
    private readonly tokens: ResetTokenRepository,
    private readonly mail: MailService,
    private readonly sessionTokens: TokenService,
    publicUrl: string,
    private readonly linkMails: LinkMailLimiter,
  ) {
    this.consoleUrl = publicUrl.replace(/\/$/, '');
  }

  /**
   * Creates an account awaiting activation and mails its link. When the mail cannot be sent the
   * account is removed again, so no account is left that nobody can ever activate.
   */
  async createAndInvite(request: UserSaveRequest): Promise<User> {
    const { user } = await this.userService.save(request, { awaitingActivation: true });
    try {
      await this.invite(user);
    } catch (error) {
      this.users.delete(user.id);
      throw error;
    }
    return user;
  }

  /** Mails a new account its activation link; a mail failure is the administrator's to see. */
  async invite(user: User, now = Date.now()): Promise<void> {
    const token = this.tokens.issue(user.id, now + ACTIVATION_LINK_LIFETIME_MS, 'ACTIVATION');
    await this.mail.send(invitation(user, `${this.consoleUrl}/login/createPassword?activateToken=${encodeURIComponent(token)}`));
  }

  /** Sets the first password; with sendConfirmation, mails that the account is active. */
  async activate(activateToken: string, password: string, sendConfirmation: boolean): Promise<TokenPair> {
    const holder = this.tokens.holder(activateToken, 'ACTIVATION');
    if (holder) await this.userService.checkPassword(holder, password, 'body.password');
    const userId = this.tokens.consume(activateToken, 'ACTIVATION');
    if (!userId) throw new ApiError(400, ErrorCode.invalidArguments, 'body.activateToken is invalid or has expired: ask for a new activation mail');
    const user = await this.userService.setPassword(userId, password);
    this.tokens.deleteForUser(userId);
    if (sendConfirmation) {
      await this.mail.send(confirmation(user, this.consoleUrl)).catch((error: unknown) => console.error('Could not mail the activation confirmation:', error));
    }
    return this.sessionTokens.issue(user);
  }

  /**
   * The administrator's resend (users page, spec section 7's resend): a new link voiding the last,
   * with what went wrong said, unlike the anonymous call: an unknown user, an account already active,
   * a mail the server did not take.
   */
  async resendFor(userId: string): Promise<void> {
    const user = this.users.findById(userId);
    if (!user) throw ApiError.notFound(`No user with id ${userId}`);
    if (!user.activationPending) throw ApiError.conflict(`id: ${user.email} has already activated the account`);
    await this.invite(user);
  }

  /**
   * A new link (voiding the last) for an account still awaiting activation; the same answer for any
   * other address, including 429 when one address asks too often.
   */
  async resend(email: string): Promise<void> {
    this.linkMails.take(email);
    const user = this.users.findByEmail(email.trim());
    if (!user?.activationPending) return;
    await this.invite(user).catch((error: unknown) => console.error(`Could not mail an activation link to ${user.email}:`, error));
  }
}
