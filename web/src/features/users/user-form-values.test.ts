import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test-support/test-user';
import { EMPTY_USER_FORM, userSaveOf, validateUserForm } from './user-form-values';

describe('user form (spec section 5)', () => {
  it('requires an e-mail in e-mail format', () => {
    expect(validateUserForm(EMPTY_USER_FORM).email?.id).toBe('user.email-required');
    expect(validateUserForm({ ...EMPTY_USER_FORM, email: 'ada' }).email?.id).toBe('user.invalid-email-format');
    expect(validateUserForm({ ...EMPTY_USER_FORM, email: ' ada@example.com ' })).toEqual({});
  });

  it('sends trimmed values, with the id only when editing', () => {
    const values = { email: ' ada@example.com', firstName: ' Ada ', lastName: 'Lovelace ', sendActivationMail: true };
    expect(userSaveOf(values, null)).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect(userSaveOf(values, makeUser({ id: 'u7' })).id).toBe('u7');
  });
});
