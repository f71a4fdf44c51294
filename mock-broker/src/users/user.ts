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
