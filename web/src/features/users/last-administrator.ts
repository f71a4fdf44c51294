import type { GetAdminUsersParams } from '../../api/generated/model/getAdminUsersParams';
import type { UserPage } from '../../api/generated/model/userPage';
import { UserRole } from '../../api/generated/model/userRole';

/**
 * The id of the only administrator (a user without role is one), when the list shown holds every
 * user (first page, no search, no next page) and just one of them is an administrator; undefined
 * when that cannot be told from it. The broker refuses to demote or delete the last administrator
 * (409); the console says so before the user tries wherever it can tell.
 */
export function lastAdministratorId(users: UserPage | undefined, params: GetAdminUsersParams): string | undefined {
  if (users === undefined || users.hasNext || params.page > 0 || params.textSearch) return undefined;
  const administrators = users.data.filter((user) => (user.role ?? UserRole.ADMIN) === UserRole.ADMIN);
  return administrators.length === 1 ? administrators[0]?.id : undefined;
}
