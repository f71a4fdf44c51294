import { Button, Card } from '@blueprintjs/core';
import { PlusIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetAdminUsersQueryKey, useGetAdminUsers } from '../../api/generated/endpoints/admin/admin';
import { getIsAdminUserTokenAccessEnabledQueryKey, useIsAdminUserTokenAccessEnabled } from '../../api/generated/endpoints/user/user';

import type { GetAdminUsersSortProperty } from '../../api/generated/model/getAdminUsersSortProperty';
import type { User } from '../../api/generated/model/user';
import { useCurrentUser } from '../../api/auth/use-current-user';
import { entityLabels } from '../../components/entity/entity-labels';
import { SearchInput } from '../../components/table/search-input';
import { TablePager } from '../../components/table/table-pager';
import { usePageLink } from '../../components/table/use-page-link';
import { DeleteUserDialog } from './delete-user-dialog';
import type { InitialPassword } from './initial-password';
import { InitialPasswordDialog } from './initial-password-dialog';
import { useResendActivationMail } from './use-resend-activation-mail';
import { useSignInAsUser } from './use-sign-in-as-user';
import { UserDialog } from './user-dialog';
import { UsersTable } from './users-table';
import './users-page.css';
import { useExtension } from '../../components/broker-support/broker-extensions';
import { ChangeAction } from '../../components/roles/change-action';
import { lastAdministratorId } from './last-administrator';

/** The add/edit dialog: closed, adding (null user) or editing a user. */
type EditState = { open: false } | { open: true; user: User | null };

/** Spec section 2, /users: search, sort, page, add, edit, delete and sign in as a user. */
export default function UsersPage() {
  const intl = useIntl();
  const currentUser = useCurrentUser();
  const pageLink = usePageLink<GetAdminUsersSortProperty>({ property: 'createdTime', order: 'DESC' });
  const { params } = pageLink;
  // The previous page stays on screen while the next one loads, so the table does not jump.
  const users = useGetAdminUsers(params, { query: { queryKey: getGetAdminUsersQueryKey(params), placeholderData: keepPreviousData } });
  // TBMQ's path, which the bundled broker serves too; the auth provider has usually asked already.
  const tokenAccess = useIsAdminUserTokenAccessEnabled({ query: { queryKey: getIsAdminUserTokenAccessEnabledQueryKey(), staleTime: Infinity } });
  const signInAsUser = useSignInAsUser();
  const withRoles = useExtension('roles') === 'available';
  const lastAdministrator = withRoles ? lastAdministratorId(users.data, params) : undefined;
  const resendActivationMail = useResendActivationMail();
  const [edit, setEdit] = useState<EditState>({ open: false });
  const [deleting, setDeleting] = useState<User | null>(null);
  const [initialPassword, setInitialPassword] = useState<InitialPassword | null>(null);
  const rows = users.data?.data;

  return (
    <Card className="users-page">
      <div className="users-page__toolbar">
        <SearchInput label={intl.formatMessage(entityLabels.USER.search)} value={pageLink.searchText} onValueChange={pageLink.setSearchText} className="users-page__search" />
        <ChangeAction>
          <Button intent="primary" icon={<PlusIcon />} onClick={() => setEdit({ open: true, user: null })} data-testid="add-user">
            <FormattedMessage id="user.add" />
          </Button>
        </ChangeAction>
      </div>
      <UsersTable
        users={rows}
        refreshing={users.isPlaceholderData}
        sort={pageLink.sort}
        onSort={pageLink.toggleSort}
        currentUserId={currentUser?.id}
        withRoles={withRoles}
        lastAdministratorId={lastAdministrator}
        canSignInAsUser={tokenAccess.data === true}
        onEdit={(user) => setEdit({ open: true, user })}
        onDelete={setDeleting}
        onSignInAsUser={(user) => signInAsUser.mutate(user.id)}
        onResendActivationMail={resendActivationMail}
      />
      {users.data && (
        <TablePager
          page={params.page}
          pageSize={params.pageSize}
          totalElements={users.data.totalElements}
          hasNext={users.data.hasNext}
          onPageChange={pageLink.setPage}
          onPageSizeChange={pageLink.changePageSize}
        />
      )}
      <UserDialog isOpen={edit.open} user={edit.open ? edit.user : null} onClose={() => setEdit({ open: false })} onInitialPassword={setInitialPassword} lastAdministratorId={lastAdministrator} />
      <InitialPasswordDialog shown={initialPassword} onClose={() => setInitialPassword(null)} />
      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        // Deleting the last row of a page shows the page before it rather than an empty one.
        onDeleted={() => rows?.length === 1 && params.page > 0 && pageLink.setPage(params.page - 1)}
      />
    </Card>
  );
}
