import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { ApiError, ErrorCode } from '../http/api-error.js';
import type { UserRepository } from '../users/user-repository.js';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, mustChangePassword, type User } from '../users/user.js';
import { BCRYPT_ROUNDS } from '../users/user-service.js';
import type { PasswordExpiry } from './password-expiry.js';
import { PUBLIC_VIEWER, type PublicSignIn } from './public-session.js';
import type { RefreshTokenLedger } from './refresh-token-ledger.js';
import { SignInLimiter, type SignInLimits } from './sign-in-limiter.js';
import type { TokenPair, TokenService } from './token-service.js';

const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * Issue 26 N1: the shared default password opens only the first start's documented administrator,
 * and only while it must still be changed. An account that holds it otherwise (made by an older
 * Starling, which gave it to users added without a password) is refused like a wrong password: its
 * administrator gives it a new one, or its user asks for a reset link.
 */
function holdsSharedDefault(user: User, password: string): boolean {
  if (password !== DEFAULT_ADMIN_PASSWORD) return false;
  return user.email.toLowerCase() !== DEFAULT_ADMIN_EMAIL || !mustChangePassword(user);
}

/** What the console's security settings decide about a sign-in (security-settings/). */
export interface SignInRules {
  lockout(): SignInLimits;
  /** The policy asks for a reset when a sign-in enters a password it refuses, right or wrong. */
  refusesEntered(password: string): boolean;
}

const POLICY_REFUSES_ENTERED = 'The password does not meet the password policy: if it is yours, reset it (Forgot password)';

export class AuthService {
  private readonly accountLimiter: SignInLimiter;
  private readonly addressLimiter: SignInLimiter;
  /** A hash of nothing anyone knows, compared for an unknown account: refusing takes as long either way. */
  private readonly unknownAccountHash = bcrypt.hashSync(randomBytes(16).toString('base64'), BCRYPT_ROUNDS);

  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenService,
    private readonly expiry: PasswordExpiry,
    private readonly usedRefreshTokens: RefreshTokenLedger,
    private readonly publicSignIn: PublicSignIn,
    private readonly rules: SignInRules,
  ) {
    this.accountLimiter = new SignInLimiter(() => rules.lockout());
    // One address may try several accounts (an office behind one router), but not endlessly.
    this.addressLimiter = new SignInLimiter(() => {
      const limits = rules.lockout();
      return { ...limits, maxFailures: limits.maxFailures * 4 };
    });
  }

  /** Creates the default administrator on a fresh node (an empty user table). */
  ensureDefaultAdmin(): void {
    if (this.users.count() > 0) return;
    this.users.create({
      email: DEFAULT_ADMIN_EMAIL,
      authority: 'SYS_ADMIN',
      passwordHash: bcrypt.hashSync(DEFAULT_ADMIN_PASSWORD, BCRYPT_ROUNDS),
      // One history entry: the console forces a change of the default password (spec section 2).
      additionalInfo: { lang: 'en_US', userPasswordHistory: [{ ts: Date.now() }] },
    });
  }

  /**
   * Signs in; failed attempts are limited per account and per address (429, code 33). Each attempt
   * is counted before its password is compared and taken back when it succeeds, so that concurrent
   * guesses cannot all pass the check before any has failed; an unknown account is compared against a
   * hash of nothing anyone knows, so that it answers no sooner than a known one.
   */
  async login(username: string, password: string, address: string): Promise<TokenPair> {
    const account = username.trim().toLowerCase();
    const now = Date.now();
    this.accountLimiter.check(account, now);
    this.addressLimiter.check(address, now);
    this.accountLimiter.recordFailure(account, now);
    this.addressLimiter.recordFailure(address, now);
    // Refused before the password is compared, as TBMQ does: the answer says nothing of the account.
    if (this.rules.refusesEntered(password)) throw ApiError.unauthorized(POLICY_REFUSES_ENTERED, ErrorCode.passwordViolation);
    const user = this.users.findByEmail(username);
    const hash = user ? this.users.passwordHash(user.id) : undefined;
    const matches = await bcrypt.compare(password, hash ?? this.unknownAccountHash);
    if (!user || !hash || !matches || holdsSharedDefault(user, password)) throw ApiError.unauthorized(INVALID_CREDENTIALS);
    this.accountLimiter.reset(account);
    this.addressLimiter.withdraw(address, now);
    this.expiry.refuseIfExpired(user);
    this.users.recordSignIn(user.id);
    return this.tokens.issue(user);
  }

  /** A read-only public session (spec section 6); the sign-in limits do not apply to a shared id. */
  loginPublic(publicId: string): TokenPair {
    return this.tokens.issue(this.publicSignIn.signIn(publicId), true);
  }

  /**
   * Rotation: each refresh token renews the pair once. A second use means two parties hold it (a
   * thief and its owner), and nobody can tell which is which: every session of the user ends.
   */
  refresh(refreshToken: string): TokenPair {
    const claims = this.tokens.verifyRefresh(refreshToken);
    if (!claims.jti || !this.usedRefreshTokens.use(claims.jti, claims.exp * 1000)) {
      if (!claims.isPublic) this.users.revokeTokens(claims.userId);
      throw ApiError.unauthorized('Refresh token was already used: every session of this user has ended, sign in again');
    }
    const user = claims.isPublic ? PUBLIC_VIEWER : this.users.findById(claims.userId);
    if (!user) throw ApiError.unauthorized('User of the refresh token no longer exists');
    return this.tokens.issue(user, claims.isPublic, claims.impersonatedBy);
  }

  currentUser(userId: string, isPublic: boolean): User {
    if (isPublic) return PUBLIC_VIEWER;
    const user = this.users.findById(userId);
    if (!user) throw ApiError.unauthorized('User of the token no longer exists');
    return user;
  }
}
