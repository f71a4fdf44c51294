import type { MessageDescriptor } from 'react-intl';
import type { AdminUserSave } from '../../api/generated/model/adminUserSave';
import type { User } from '../../api/generated/model/user';
import { UserRole } from '../../api/generated/model/userRole';
import { isEmailFormat } from '../../components/validation/email-format';

export interface UserFormValues {
  email: string;
  firstName: string;
  lastName: string;
  /** Sent only to a broker with the `roles` extension; a user without one is an administrator. */
  role: UserRole;
  /** Only when adding: the broker mails an activation link instead of a one-time password being shown. */
  sendActivationMail: boolean;
}

export const USER_FORM_FIELDS = ['email', 'firstName', 'lastName', 'role'] as const;
export type UserFormField = (typeof USER_FORM_FIELDS)[number];

export const EMPTY_USER_FORM: UserFormValues = { email: '', firstName: '', lastName: '', role: UserRole.ADMIN, sendActivationMail: false };

/** Unset names (null, as TBMQ answers them) edit as empty fields. */
export function userFormValuesOf(user: User): UserFormValues {
  return { email: user.email, firstName: user.firstName ?? '', lastName: user.lastName ?? '', role: user.role ?? UserRole.ADMIN, sendActivationMail: false };
}

/** Spec section 5: the e-mail is required and must have the e-mail format; the names are free. */
export function validateUserForm(values: UserFormValues): Partial<Record<UserFormField, MessageDescriptor>> {
  const email = values.email.trim();
  if (email === '') return { email: { id: 'user.email-required' } };
  if (!isEmailFormat(email)) return { email: { id: 'user.invalid-email-format' } };
  return {};
}

/** A name as saved: trimmed, null when empty (a broker's "unset"). */
const savedName = (name: string) => (name.trim() === '' ? null : name.trim());

/**
 * What POST /api/admin takes: the names trimmed. An existing user goes back whole, as TBMQ's console
 * sends it: TBMQ stores the body as the user, so a field left out (creation time, language, last
 * sign-in) would be lost there. The role goes only to a broker with the `roles` extension.
 */
export function userSaveOf(values: UserFormValues, existing: User | null, withRole = false): AdminUserSave {
  const names = { email: values.email.trim(), firstName: savedName(values.firstName), lastName: savedName(values.lastName) };
  // A broker without roles (TBMQ) is sent no role: its contract has none.
  const user = withRole ? { ...names, role: values.role } : names;
  if (!existing) return user;
  return { id: existing.id, createdTime: existing.createdTime, ...user, additionalInfo: existing.additionalInfo };
}
