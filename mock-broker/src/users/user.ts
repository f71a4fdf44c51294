export type Authority = 'SYS_ADMIN' | 'REFRESH_TOKEN' | 'ANONYMOUS';

export interface PasswordHistoryEntry {
  ts: number;
}

export interface UserAdditionalInfo {
  lang?: 'en_US' | 'de_DE';
  description?: string;
  userPasswordHistory?: PasswordHistoryEntry[];
  config?: Record<string, unknown>;
}

export interface User {
  id: string;
  createdTime: number;
  email: string;
  authority: Authority;
  firstName: string;
  lastName: string;
  additionalInfo: UserAdditionalInfo;
}

export const DEFAULT_ADMIN_EMAIL = 'sysadmin@starling.local';
/** Spec section 9: the default administrator password is the role word. */
export const DEFAULT_ADMIN_PASSWORD = 'sysadmin';

/**
 * Spec section 2: a password history of one entry or fewer means somebody else chose the password
 * (the default administrator's, one an administrator typed in). The console shows its forced-change
 * screen for it, and the broker gives such a sign-in a token that can do little more than change it.
 */
export function mustChangePassword(user: User): boolean {
  return user.authority === 'SYS_ADMIN' && (user.additionalInfo.userPasswordHistory?.length ?? 0) <= 1;
}
