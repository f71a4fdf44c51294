import type { User } from '../api/generated/model/user';

/** A user as the broker answers it; tests override the fields they are about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    createdTime: Date.UTC(2026, 0, 15, 9, 30),
    email: 'sysadmin@starling.local',
    authority: 'SYS_ADMIN',
    firstName: null,
    lastName: null,
    additionalInfo: { lang: 'en_US', lastLoginTs: Date.UTC(2026, 0, 16, 8, 0), isPasswordChanged: true },
    ...overrides,
  };
}
