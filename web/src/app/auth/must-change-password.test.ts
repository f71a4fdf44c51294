import { describe, expect, it } from 'vitest';
import type { User } from '../../api/generated/model/user';
import { makeUser } from '../../test-support/test-user';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import { mustChangePassword } from './must-change-password';

const recorded = (file: string) => tbmqAnswer<User>(file);

describe('forced password change (spec section 2), decided by additionalInfo.isPasswordChanged', () => {
  it('holds a user TBMQ answers with isPasswordChanged false, and lets it go once the change is answered', () => {
    expect(mustChangePassword(recorded('auth/getCurrentUser--before-password-change.json'))).toBe(true);
    expect(mustChangePassword(recorded('auth/getCurrentUser--after-password-change.json'))).toBe(false);
    expect(mustChangePassword(recorded('auth/getCurrentUser.json'))).toBe(false);
  });

  it('does not hold a user whose broker does not say (additionalInfo null or without the field)', () => {
    expect(mustChangePassword({ ...recorded('users/saveAdminUser--create.json'), additionalInfo: null })).toBe(false);
    expect(mustChangePassword(makeUser({ additionalInfo: { lang: 'de_DE' } }))).toBe(false);
  });

  it('applies to system administrators only (a public session has no password to change)', () => {
    expect(mustChangePassword(makeUser({ authority: 'ANONYMOUS', additionalInfo: { isPasswordChanged: false } }))).toBe(false);
  });
});
