import { Tag } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { BlockedClient } from '../../../api/generated/model/blockedClient';
import type { GetBlockedClientsPageSortProperty } from '../../../api/generated/model/getBlockedClientsPageSortProperty';
import type { SortState } from '../../../components/table/use-page-link';
import { type ListColumn, ListTable } from '../shared/list-table';
import { RowActionButton } from '../shared/row-action-button';
import { blockedStatusLabels, blockedTypeLabels, regexTargetLabels } from './blocked-client-labels';
import { TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';

type SortProperty = GetBlockedClientsPageSortProperty;

const COLUMNS: ListColumn<SortProperty>[] = [
  { label: 'blocked-client.type', sortBy: 'type' },
  { label: 'blocked-client.value', sortBy: 'value' },
  { label: 'blocked-client.expiration', sortBy: 'expirationTime' },
  { label: 'blocked-client.status', sortBy: 'status' },
  { label: 'blocked-client.description', sortBy: 'description' },
];

interface BlockedClientsTableProps {
  rows: BlockedClient[];
  refreshing: boolean;
  sort: SortState<SortProperty>;
  onSort: (property: SortProperty) => void;
  onDelete: (blocked: BlockedClient) => void;
}

export function BlockedClientsTable({ rows, refreshing, sort, onSort, onDelete }: BlockedClientsTableProps) {
  const intl = useIntl();
  return (
    <ListTable columns={COLUMNS} sort={sort} onSort={onSort} refreshing={refreshing}>
      {rows.map((blocked) => (
        <tr key={`${blocked.type}:${blocked.value}:${blocked.regexMatchTarget ?? ''}`} data-testid="blocked-client-row">
          <td>
            <FormattedMessage id={blockedTypeLabels[blocked.type]} />
            {blocked.regexMatchTarget && (
              <div className="client-access__muted">
                <FormattedMessage id={regexTargetLabels[blocked.regexMatchTarget]} />
              </div>
            )}
          </td>
          <td className="client-access__code">{blocked.value}</td>
          <td>{blocked.expirationTime === 0 ? <FormattedMessage id="blocked-client.never" /> : <FormattedDate value={blocked.expirationTime} dateStyle="medium" timeStyle="short" />}</td>
          <td>
            <Tag minimal intent={blocked.status === 'ACTIVE' ? 'danger' : 'none'}>
              <FormattedMessage id={blockedStatusLabels[blocked.status]} />
            </Tag>
          </td>
          <td>{blocked.description}</td>
          <td className={TABLE_ACTIONS_CLASS}>
            <RowActionButton label={intl.formatMessage({ id: 'blocked-client.delete' }, { value: blocked.value })} icon={<TrashIcon />} onClick={() => onDelete(blocked)} changes />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
