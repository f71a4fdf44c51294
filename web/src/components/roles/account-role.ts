import type { User } from '../../api/generated/model/user';
import { UserRole } from '../../api/generated/model/userRole';
import { useCurrentUser } from '../../api/auth/use-current-user';

/**
 * openapi.yaml "Changes and roles": a read-only account sees everything and changes nothing but its
 * own password, profile and web-socket client workspace. A user without `role` (a production
 * broker's, or before the `roles` extension) is an administrator.
 */
export function isReadOnly(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === UserRole.READ_ONLY;
}

/**
 * Whether the signed-in account may change what the broker holds (create, edit, delete, disconnect,
 * settings…). Every control that does so asks this, through ChangeAction or ReadOnlyFieldset, so
 * that a read-only account meets the same rule on every page.
 */
export function useCanChange(): boolean {
  return !isReadOnly(useCurrentUser());
}
