import type { User } from '../../api/generated/model/user';

/**
 * Spec section 2: a user whose password history holds one entry or fewer (the default administrator,
 * and new users) has a password somebody else chose, and must change it before using the console.
 * The broker applies the same rule: such a session may call little more than the password change.
 * A module of its own, so the root's auth provider does not pull the forced-change screen's widgets.
 */
export function mustChangePassword(user: User): boolean {
  return user.authority === 'SYS_ADMIN' && (user.additionalInfo.userPasswordHistory?.length ?? 0) <= 1;
}
