import type { User } from '../../api/generated/model/user';

/**
 * Spec section 2: a user whose password somebody else chose (the default administrator, a user an
 * administrator created) must change it before using the console. Brokers say so as TBMQ does:
 * additionalInfo.isPasswordChanged is false while the password history holds one entry or fewer. A
 * user without that field (additionalInfo null, or a broker that does not send it) is not held up.
 * The bundled broker applies the same rule: such a session may call little more than the change.
 * A module of its own, so the root's auth provider does not pull the forced-change screen's widgets.
 */
export function mustChangePassword(user: User): boolean {
  return user.authority === 'SYS_ADMIN' && user.additionalInfo?.isPasswordChanged === false;
}
