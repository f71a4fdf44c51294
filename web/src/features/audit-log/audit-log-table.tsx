import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { InfoSignIcon } from '@blueprintjs/icons';
import { FormattedDate, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { AuditLog } from '../../api/generated/model/auditLog';
import type { AuditLogActionStatus } from '../../api/generated/model/auditLogActionStatus';
import type { GetAuditLogsSortProperty } from '../../api/generated/model/getAuditLogsSortProperty';
import { MEDIA_XS } from '../../components/media-query/breakpoints';
import { useMediaQuery } from '../../components/media-query/use-media-query';
import { ActionsColumnHeader, TABLE_ACTIONS_CLASS } from '../../components/table/actions-column-header';
import { SortableColumnHeader } from '../../components/table/sortable-column-header';
import type { SortState } from '../../components/table/use-page-link';
import { actionStatusLabels, actionTypeLabels, entityTypeLabels } from './audit-log-labels';

interface AuditLogTableProps {
  entries: AuditLog[];
  /** A newer page is on its way: the rows shown are the previous ones. */
  refreshing: boolean;
  sort: SortState<GetAuditLogsSortProperty>;
  onSort: (property: GetAuditLogsSortProperty) => void;
  onOpen: (entry: AuditLog) => void;
}

/** A failure stands out; a success is the usual case and stays quiet. */
export function ActionStatusTag({ status }: { status: AuditLogActionStatus }) {
  return (
    <Tag minimal intent={status === 'FAILURE' ? 'danger' : 'success'}>
      <FormattedMessage {...actionStatusLabels[status]} />
    </Tag>
  );
}

/** The entries of one page, newest first unless a column header sorts them otherwise; a row opens its details. */
export function AuditLogTable({ entries, refreshing, sort, onSort, onOpen }: AuditLogTableProps) {
  const intl = useIntl();
  // On a phone each row is a card (audit-log-page.css): lines part the cards, stripes would cut them up.
  const phone = useMediaQuery(MEDIA_XS);
  const header = (property: GetAuditLogsSortProperty, label: MessageDescriptor['id']) => (
    <SortableColumnHeader property={property} sort={sort} onSort={onSort}>
      <FormattedMessage id={label} />
    </SortableColumnHeader>
  );
  const plain = (label: MessageDescriptor['id']) => (
    <th>
      <FormattedMessage id={label} />
    </th>
  );
  return (
    <div className="audit-log-table__scroll">
      <HTMLTable compact striped={!phone} interactive className={refreshing ? 'audit-log-table audit-log-table--refreshing' : 'audit-log-table'} aria-busy={refreshing}>
        <thead>
          <tr>
            {header('createdTime', 'audit-log.created-time')}
            {header('userName', 'audit-log.user')}
            {plain('audit-log.address')}
            {header('actionType', 'audit-log.action-type')}
            {plain('audit-log.action-status')}
            {header('entityType', 'audit-log.entity-type')}
            {plain('audit-log.entity')}
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const details = intl.formatMessage({ id: 'audit-log.show-details' }, { action: intl.formatMessage(actionTypeLabels[entry.actionType]), user: entry.userName });
            return (
              <tr key={entry.id} data-testid="audit-log-row" onClick={() => onOpen(entry)}>
                <td className="audit-log-table__time">
                  <FormattedDate value={entry.createdTime} dateStyle="medium" timeStyle="medium" />
                </td>
                <td className="audit-log-table__user">{entry.userName}</td>
                <td className="audit-log-table__address">{entry.address}</td>
                <td className="audit-log-table__action">
                  <FormattedMessage {...actionTypeLabels[entry.actionType]} />
                </td>
                <td className="audit-log-table__status">
                  <ActionStatusTag status={entry.actionStatus} />
                </td>
                <td className="audit-log-table__entity-type">
                  <FormattedMessage {...entityTypeLabels[entry.entityType]} />
                </td>
                <td className="audit-log-table__entity">{entry.entityName ?? entry.entityId}</td>
                <td className={`${TABLE_ACTIONS_CLASS} audit-log-table__open`}>
                  <Button
                    variant="minimal"
                    size="small"
                    icon={<InfoSignIcon />}
                    aria-label={details}
                    title={details}
                    onClick={(event) => {
                      // The row opens the same details: one opening, not two.
                      event.stopPropagation();
                      onOpen(entry);
                    }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
