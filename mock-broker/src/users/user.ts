export type Authority = 'SYS_ADMIN' | 'REFRESH_TOKEN' | 'ANONYMOUS';

/**
 * What a console account may do (openapi.yaml UserRole, extension `roles`): ADMIN everything,
 * READ_ONLY every call that changes nothing, plus its own password, profile and web-socket client workspace.
 */
export type UserRole = 'ADMIN' | 'READ_ONLY';

export interface PasswordHistoryEntry {
  ts: number;
  /** The password's bcrypt hash, for the reuse rule of the password policy; kept for the latest few only, never answered. */
  hash?: string;
}

/** What a user may set about itself (and an administrator for it): kept as given. */
export interface OwnAdditionalInfo {
  lang?: 'en_US' | 'de_DE';
  description?: string;
  config?: Record<string, unknown>;
}

/** additionalInfo as stored: the user's own part, and what only the server records. */
export interface UserAdditionalInfo extends OwnAdditionalInfo {
  userPasswordHistory?: PasswordHistoryEntry[];
  lastLoginTs?: number;
}

export interface User {
  id: string;
  createdTime: number;
  email: string;
  authority: Authority;
  role: UserRole;
  /** Null when unset (TBMQ answers so; stored as an empty text). */
  firstName: string | null;
  lastName: string | null;
  /** Created with an activation mail and no password set yet (openapi.yaml, extension accountActivation). */
  activationPending: boolean;
  additionalInfo: UserAdditionalInfo;
}

/** additionalInfo as answered: the history stays on the server, only whether the password was changed leaves it. */
export type AnsweredAdditionalInfo = Omit<UserAdditionalInfo, 'userPasswordHistory'> & { isPasswordChanged: boolean };

/** A user as the API answers it (openapi.yaml, User). */
export type UserAnswer = Omit<User, 'additionalInfo'> & { additionalInfo: AnsweredAdditionalInfo };

export const DEFAULT_ADMIN_EMAIL = 'sysadmin@starling.local';
/** Spec section 9: the default administrator password is the role word; the first start's administrator only ever has it. */
export const DEFAULT_ADMIN_PASSWORD = 'sysadmin';

/** TBMQ's rule, which the answers carry as additionalInfo.isPasswordChanged: more than one password set. */
function passwordChanged(info: UserAdditionalInfo): boolean {
  return (info.userPasswordHistory?.length ?? 0) > 1;
}

/**
 * Spec section 2: a password history of one entry or fewer means somebody else chose the password
 * (the default administrator's, a new user's one-time password, one an administrator typed in): isPasswordChanged is false in the
 * user's answers. The console shows its forced-change screen for it, and the broker gives such a
 * sign-in a token that can do little more than change it.
 */
export function mustChangePassword(user: User): boolean {
  return user.authority === 'SYS_ADMIN' && !passwordChanged(user.additionalInfo);
}

/** The user as answered: the history replaced by isPasswordChanged. */
export function answerOf(user: User): UserAnswer {
  const { userPasswordHistory: _kept, ...answered } = user.additionalInfo;
  return { ...user, additionalInfo: { ...answered, isPasswordChanged: passwordChanged(user.additionalInfo) } };
}

/** The part of a request's additionalInfo a user may set: what the server records is never taken from a body. */
export function ownAdditionalInfo(info: OwnAdditionalInfo | null | undefined): OwnAdditionalInfo {
  const { lang, description, config } = info ?? {};
  return { ...(lang === undefined ? {} : { lang }), ...(description === undefined ? {} : { description }), ...(config === undefined ? {} : { config }) };
}
