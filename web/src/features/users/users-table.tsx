import { Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { EditIcon, EnvelopeIcon, LogInIcon, PeopleIcon, TrashIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { GetAdminUsersSortProperty } from '../../api/generated/model/getAdminUsersSortProperty';
import type { User } from '../../api/generated/model/user';
import { entityLabels } from '../../components/entity/entity-labels';
import { ActionsColumnHeader, TABLE_ACTIONS_CLASS } from '../../components/table/actions-column-header';
import { SortableColumnHeader } from '../../components/table/sortable-column-header';
import type { SortState } from '../../components/table/use-page-link';
import { UserRole } from '../../api/generated/model/userRole';
import { ChangeAction } from '../../components/roles/change-action';
import { ROLE_LABELS } from '../../components/roles/role-labels';

/** Each names the user it acts on, so screen readers tell the rows' buttons apart. */
type RowActionLabel = 'user.login-as-user' | 'user.resend-activation-mail' | 'user.edit-user' | 'user.delete-user';

interface UsersTableProps {
  users: User[] | undefined;
  /** A newer page is on its way: the rows shown are the previous ones. */
  refreshing: boolean;
  sort: SortState<GetAdminUsersSortProperty>;
  onSort: (property: GetAdminUsersSortProperty) => void;
  currentUserId: string | undefined;
  /** The broker has the `roles` extension: each user's role shows. */
  withRoles: boolean;
  /** The only administrator, whom the broker does not let be deleted. */
  lastAdministratorId: string | undefined;
  /** The broker lets administrators sign in as other users (GET /api/user/tokenAccessEnabled). */
  canSignInAsUser: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onSignInAsUser: (user: User) => void;
  onResendActivationMail: (user: User) => void;
}

/** The users list: a dense table sorted by its column headers. */
export function UsersTable({ users, refreshing, sort, onSort, currentUserId, withRoles, lastAdministratorId, canSignInAsUser, onEdit, onDelete, onSignInAsUser, onResendActivationMail }: UsersTableProps) {
  const intl = useIntl();
  if (users === undefined) return <Spinner className="users-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (users.length === 0) return <NonIdealState icon={<PeopleIcon />} title={<FormattedMessage {...entityLabels.USER.emptyText} />} />;

  const header = (property: GetAdminUsersSortProperty, label: 'user.created-time' | 'user.email' | 'user.first-name' | 'user.last-name') => (
    <SortableColumnHeader property={property} sort={sort} onSort={onSort}>
      <FormattedMessage id={label} />
    </SortableColumnHeader>
  );
  return (
    // Narrow screens scroll the table sideways rather than squeezing its columns.
    <div className="users-table__scroll">
      <HTMLTable compact striped interactive className={refreshing ? 'users-table users-table--refreshing' : 'users-table'} aria-busy={refreshing}>
        <thead>
          <tr>
            {header('createdTime', 'user.created-time')}
            {header('email', 'user.email')}
            {header('firstName', 'user.first-name')}
            {header('lastName', 'user.last-name')}
            {withRoles && (
              <th>
                <FormattedMessage id="user.role" />
              </th>
            )}
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const self = user.id === currentUserId;
            const lastAdministrator = user.id === lastAdministratorId;
            const rowAction = (label: RowActionLabel, icon: ReactElement, onClick: () => void, disabledBecause?: string) => {
              const text = intl.formatMessage({ id: label }, { email: user.email });
              return <Button variant="minimal" size="small" icon={icon} aria-label={text} title={disabledBecause ?? text} aria-description={disabledBecause} disabled={disabledBecause !== undefined} onClick={onClick} />;
            };
            return (
              <tr key={user.id} data-testid="user-row" onDoubleClick={() => onEdit(user)}>
                <td>
                  <FormattedDate value={user.createdTime} dateStyle="medium" timeStyle="short" />
                </td>
                <td>
                  {user.email}
                  {user.activationPending === true && (
                    <Tag minimal className="users-table__pending">
                      <FormattedMessage id="user.activation-pending" />
                    </Tag>
                  )}
                </td>
                <td>{user.firstName}</td>
                <td>{user.lastName}</td>
                {withRoles && (
                  <td data-testid="user-role">
                    <FormattedMessage {...ROLE_LABELS[user.role ?? UserRole.ADMIN]} />
                  </td>
                )}
                <td className={TABLE_ACTIONS_CLASS}>
                  {canSignInAsUser && !self && <ChangeAction>{rowAction('user.login-as-user', <LogInIcon />, () => onSignInAsUser(user))}</ChangeAction>}
                  {/* Only the bundled broker says which accounts await activation (extension accountActivation); TBMQ's users have no such field. */}
                  {user.activationPending === true && <ChangeAction>{rowAction('user.resend-activation-mail', <EnvelopeIcon />, () => onResendActivationMail(user))}</ChangeAction>}
                  {rowAction('user.edit-user', <EditIcon />, () => onEdit(user))}
                  {/* The broker refuses to delete the signed-in user and the last administrator, so the console does not offer it. */}
                  <ChangeAction>
                    {rowAction('user.delete-user', <TrashIcon />, () => onDelete(user), lastAdministrator ? intl.formatMessage({ id: 'user.delete-last-administrator' }) : self ? intl.formatMessage({ id: 'user.delete-self' }) : undefined)}
                  </ChangeAction>
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
