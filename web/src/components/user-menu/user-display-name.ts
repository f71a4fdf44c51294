import type { User } from '../../api/generated/model/user';

/** Spec section 3: first and last name joined by a space, or the e-mail when both are empty. */
export function getUserDisplayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? user.email : name;
}
