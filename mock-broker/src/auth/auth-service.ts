import bcrypt from 'bcryptjs';
import { ApiError } from '../http/api-error.js';
import type { UserRepository } from '../users/user-repository.js';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, type User } from '../users/user.js';
import { BCRYPT_ROUNDS } from '../users/user-service.js';
import type { TokenPair, TokenService } from './token-service.js';

const INVALID_CREDENTIALS = 'Invalid username or password';

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenService,
  ) {}

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

  async login(username: string, password: string): Promise<TokenPair> {
    const user = this.users.findByEmail(username);
    const hash = user ? this.users.passwordHash(user.id) : undefined;
    if (!user || !hash || !(await bcrypt.compare(password, hash))) {
      throw ApiError.unauthorized(INVALID_CREDENTIALS);
    }
    return this.tokens.issue(user);
  }

  refresh(refreshToken: string): TokenPair {
    const claims = this.tokens.verifyRefresh(refreshToken);
    const user = this.users.findById(claims.userId);
    if (!user) throw ApiError.unauthorized('User of the refresh token no longer exists');
    return this.tokens.issue(user, claims.isPublic);
  }

  currentUser(userId: string): User {
    const user = this.users.findById(userId);
    if (!user) throw ApiError.unauthorized('User of the token no longer exists');
    return user;
  }
}
