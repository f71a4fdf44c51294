import { describe, expect, it } from 'vitest';
import type { User } from '../../api/generated/model/user';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import { EMPTY_USER_FORM, userFormValuesOf, userSaveOf, validateUserForm } from './user-form-values';

describe('user form (spec section 5)', () => {
  it('requires an e-mail in e-mail format', () => {
    expect(validateUserForm(EMPTY_USER_FORM).email?.id).toBe('user.email-required');
    expect(validateUserForm({ ...EMPTY_USER_FORM, email: 'ada' }).email?.id).toBe('user.invalid-email-format');
    expect(validateUserForm({ ...EMPTY_USER_FORM, email: ' ada@example.com ' })).toEqual({});
  });

  it('sends trimmed values, and empty names as unset (null)', () => {
    const values = { ...EMPTY_USER_FORM, email: ' ada@example.com', firstName: ' Ada ', lastName: '  ', sendActivationMail: true };
    expect(userSaveOf(values, null)).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: null });
  });

  it("edits a user as TBMQ answers it (names null) and sends it back whole, so TBMQ keeps what the form does not show", () => {
    const recorded = tbmqAnswer<User>('users/getAdminUser--without-names.json');
    const values = userFormValuesOf(recorded);
    expect(values).toMatchObject({ email: 'noname.admin@example.com', firstName: '', lastName: '' });
    expect(userSaveOf({ ...values, lastName: 'Named' }, recorded)).toEqual({
      id: recorded.id,
      createdTime: recorded.createdTime,
      email: 'noname.admin@example.com',
      firstName: null,
      lastName: 'Named',
      additionalInfo: { isPasswordChanged: false },
    });
  });

  it('edits a user without a role (a production broker’s) as an administrator, and sends a role only to a broker with roles', () => {
    const recorded = tbmqAnswer<User>('users/getAdminUser--without-names.json');
    expect(userFormValuesOf(recorded).role).toBe('ADMIN');
    const readOnly = userFormValuesOf({ ...recorded, role: 'READ_ONLY' });
    expect(readOnly.role).toBe('READ_ONLY');
    expect(userSaveOf(readOnly, recorded)).not.toHaveProperty('role');
    expect(userSaveOf(readOnly, recorded, true)).toMatchObject({ id: recorded.id, role: 'READ_ONLY' });
    expect(userSaveOf({ ...EMPTY_USER_FORM, email: 'new@example.com' }, null, true)).toEqual({ email: 'new@example.com', firstName: null, lastName: null, role: 'ADMIN' });
  });
});
