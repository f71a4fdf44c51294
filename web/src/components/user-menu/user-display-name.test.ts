import { describe, expect, it } from 'vitest';
import type { User } from '../../api/generated/model/user';
import { tbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import { getUserDisplayName } from './user-display-name';

describe('user display name (spec section 3)', () => {
  const email = 'sysadmin@starling.local';

  it('joins first and last name with a space', () => {
    expect(getUserDisplayName({ firstName: 'Ada', lastName: 'Lovelace', email })).toBe('Ada Lovelace');
  });

  it('shows the one name that is set', () => {
    expect(getUserDisplayName({ firstName: 'Ada', lastName: '', email })).toBe('Ada');
    expect(getUserDisplayName({ firstName: '', lastName: 'Lovelace', email })).toBe('Lovelace');
  });

  it('falls back to the e-mail when both names are empty', () => {
    expect(getUserDisplayName({ firstName: '', lastName: '', email })).toBe(email);
    expect(getUserDisplayName({ firstName: '  ', lastName: '', email })).toBe(email);
  });

  it('reads names as TBMQ answers them: null when unset', () => {
    expect(getUserDisplayName(tbmqAnswer<User>('users/getAdminUser--without-names.json'))).toBe('noname.admin@example.com');
    expect(getUserDisplayName(tbmqAnswer<User>('users/getAdminUser--with-names.json'))).toBe('Olga Operator');
    expect(getUserDisplayName({ firstName: 'Ada', lastName: null, email })).toBe('Ada');
  });
});
