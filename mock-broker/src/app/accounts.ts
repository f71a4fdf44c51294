import type { Router } from 'express';
import { AccountActivationService } from '../auth/account-activation.js';
import { accountActivationRouter } from '../auth/account-activation-router.js';
import { authRouter } from '../auth/auth-router.js';
import { TrustedProxies } from '../http/trusted-proxies.js';
import { AuthService } from '../auth/auth-service.js';
import { LinkMailLimiter } from '../auth/link-mail-limiter.js';
import { PasswordExpiry } from '../auth/password-expiry.js';
import { PasswordResetService } from '../auth/password-reset.js';
import { passwordResetRouter } from '../auth/password-reset-router.js';
import { PublicSignIn } from '../auth/public-session.js';
import { RefreshTokenLedger } from '../auth/refresh-token-ledger.js';
import { TokenService, loadOrCreateSecret } from '../auth/token-service.js';
import type { BrokerConfig } from '../config/config.js';
import type { Database } from '../database/database.js';
import { MailService } from '../mail/mail-service.js';
import { MailSettingsStore } from '../mail/mail-settings.js';
import { SecuritySettingsStore } from '../security-settings/security-settings-store.js';
import { securitySettingsRouter } from '../security-settings/security-settings-router.js';
import { SettingsRepository } from '../settings/settings-repository.js';
import { settingsRouter } from '../settings/settings-router.js';
import { ResetTokenRepository } from '../users/reset-token-repository.js';
import { UserRepository } from '../users/user-repository.js';
import { userRouter } from '../users/user-router.js';
import { UserService, type RoleChangeListener, type UserDeletionListener } from '../users/user-service.js';

/** The console's accounts: sign-in and tokens, users, mailed links, the security and the outgoing-mail settings. */
export interface Accounts {
  /** Checks the API's tokens (the HTTP app's authentication). */
  tokens: TokenService;
  routers: Router[];
  /** Registers what another area does with a user's own data before the user is deleted. */
  beforeUserDeleted(listener: UserDeletionListener): void;
  /** Registers what another area does when a user's role changes. */
  afterRoleChanged(listener: RoleChangeListener): void;
  /** Sends mail through the outgoing-mail settings (alert mails). */
  mail: MailService;
  /** The users, for areas that mail them (alert recipients and their languages). */
  users: UserRepository;
}

/** Starts the accounts area on the node's database; the default administrator exists afterwards. */
export function startAccounts(database: Database, config: BrokerConfig): Accounts {
  const userRepository = new UserRepository(database);
  const tokens = new TokenService(loadOrCreateSecret(config.dataDir, config.jwtSecret), config.accessTokenSeconds, config.refreshTokenSeconds, userRepository, config.publicId);
  const settingsRepository = new SettingsRepository(database);
  const security = new SecuritySettingsStore(settingsRepository, {
    passwordMaxAgeDays: config.passwordMaxAgeDays,
    signInMaxFailures: config.signInMaxFailures,
    signInWindowSeconds: config.signInWindowSeconds,
  });
  const users = new UserService(userRepository, security);
  const mailSettings = new MailSettingsStore(settingsRepository);
  const mail = new MailService(mailSettings);
  const resetTokens = new ResetTokenRepository(database);
  const linkMails = new LinkMailLimiter();
  const activation = new AccountActivationService(userRepository, users, resetTokens, mail, tokens, config.publicUrl, linkMails);
  const expiry = new PasswordExpiry(() => security.passwordMaxAgeDays(), resetTokens);
  const auth = new AuthService(userRepository, tokens, expiry, new RefreshTokenLedger(database), new PublicSignIn(config.publicId), security);
  auth.ensureDefaultAdmin();
  return {
    tokens,
    mail,
    users: userRepository,
    beforeUserDeleted: (listener) => users.beforeDeleted(listener),
    afterRoleChanged: (listener) => users.afterRoleChanged(listener),
    routers: [
      authRouter(auth, new TrustedProxies(config.trustedProxies)),
      passwordResetRouter(new PasswordResetService(userRepository, users, resetTokens, mail, tokens, config.publicUrl, linkMails)),
      userRouter(users, tokens, activation),
      accountActivationRouter(activation),
      settingsRouter(mailSettings, mail, users),
      securitySettingsRouter(security),
    ],
  };
}
