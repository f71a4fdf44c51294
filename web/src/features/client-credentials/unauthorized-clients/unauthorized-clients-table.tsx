import { Classes } from '@blueprintjs/core';
import { BanCircleIcon, MinusIcon, TickIcon, TrashIcon } from '@blueprintjs/icons';
import { FormattedDate, useIntl } from 'react-intl';
import type { GetUnauthorizedClientsPageSortProperty } from '../../../api/generated/model/getUnauthorizedClientsPageSortProperty';
import type { UnauthorizedClient } from '../../../api/generated/model/unauthorizedClient';
import type { SortState } from '../../../components/table/use-page-link';
import { type ListColumn, ListTable } from '../shared/list-table';
import { RowActionButton } from '../shared/row-action-button';
import { TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';

type SortProperty = GetUnauthorizedClientsPageSortProperty;

const COLUMNS: ListColumn<SortProperty>[] = [
  { label: 'unauthorized-client.time', sortBy: 'ts' },
  { label: 'unauthorized-client.client-id', sortBy: 'clientId' },
  { label: 'unauthorized-client.username', sortBy: 'username' },
  { label: 'unauthorized-client.ip-address', sortBy: 'ipAddress' },
  { label: 'unauthorized-client.password-provided' },
  { label: 'unauthorized-client.tls-used' },
  { label: 'unauthorized-client.reason', sortBy: 'reason' },
];

interface UnauthorizedClientsTableProps {
  rows: UnauthorizedClient[];
  refreshing: boolean;
  sort: SortState<SortProperty>;
  onSort: (property: SortProperty) => void;
  onDelete: (client: UnauthorizedClient) => void;
  onBlock: (client: UnauthorizedClient) => void;
}

/** A yes/no column: a tick or a dash, with the word for screen readers. */
function Flag({ value }: { value: boolean }) {
  const intl = useIntl();
  const word = intl.formatMessage({ id: value ? 'common.yes' : 'common.no' });
  const props = { title: word, 'aria-label': word };
  return value ? <TickIcon className={Classes.INTENT_SUCCESS} {...props} /> : <MinusIcon {...props} />;
}

export function UnauthorizedClientsTable({ rows, refreshing, sort, onSort, onDelete, onBlock }: UnauthorizedClientsTableProps) {
  const intl = useIntl();
  return (
    <ListTable columns={COLUMNS} sort={sort} onSort={onSort} refreshing={refreshing}>
      {rows.map((client) => (
        <tr key={client.clientId} data-testid="unauthorized-client-row">
          <td>
            <FormattedDate value={client.ts} dateStyle="medium" timeStyle="medium" />
          </td>
          <td>{client.clientId}</td>
          <td>{client.username ?? '—'}</td>
          <td>{client.ipAddress}</td>
          <td>
            <Flag value={client.passwordProvided} />
          </td>
          <td>
            <Flag value={client.tlsUsed} />
          </td>
          <td>{client.reason}</td>
          <td className={TABLE_ACTIONS_CLASS}>
            <RowActionButton label={intl.formatMessage({ id: 'unauthorized-client.block' }, { clientId: client.clientId })} icon={<BanCircleIcon />} onClick={() => onBlock(client)} changes />
            <RowActionButton label={intl.formatMessage({ id: 'unauthorized-client.delete' }, { clientId: client.clientId })} icon={<TrashIcon />} onClick={() => onDelete(client)} changes />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
