import { Button, Checkbox, HTMLTable } from '@blueprintjs/core';
import { DisableIcon, EyeOpenIcon, TrashIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, type MessageDescriptor, useIntl } from 'react-intl';
import type { ClientSessionInfo } from '../../../api/generated/model/clientSessionInfo';
import type { ClientSessionSortProperty } from '../../../api/generated/model/clientSessionSortProperty';
import { ClientTypeTag } from '../../../components/client-type/client-type-tag';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { ActionsColumnHeader, TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';
import { SortableColumnHeader } from '../../../components/table/sortable-column-header';
import type { SortState } from '../../../components/table/use-page-link';
import type { SessionActionKind } from '../actions/session-action';
import type { SessionSelection } from './session-selection';
import { SessionStatusTag } from './session-status-tag';
import { ChangeAction } from '../../../components/roles/change-action';

/** The columns of BROKER-API.md's sessions page, plus Starling's queued backlog, in the order they show. */
const COLUMNS = [
  ['connectedAt', 'session.connected-at'],
  ['connectionState', 'session.status'],
  ['clientId', 'session.client-id'],
  ['clientIpAdr', 'session.client-address'],
  ['clientType', 'session.client-type'],
  ['subscriptionsCount', 'session.subscriptions-count'],
  ['queuedMessages', 'session.queued-messages'],
  ['nodeId', 'session.node'],
  ['disconnectedAt', 'session.disconnected-at'],
  ['cleanStart', 'session.clean-start'],
] as const satisfies readonly (readonly [ClientSessionSortProperty, string])[];

/** The tick boxes, for the actions on many sessions. */
interface TableSelection {
  ticked: SessionSelection;
  onToggle: (session: ClientSessionInfo) => void;
  onToggleAll: () => void;
}

interface SessionsTableProps {
  sessions: ClientSessionInfo[];
  /** A newer page is on its way: the rows shown are the previous ones. */
  refreshing: boolean;
  sort: SortState<ClientSessionSortProperty>;
  onSort: (property: ClientSessionSortProperty) => void;
  /** Null where the broker cannot act on many sessions at once: no tick boxes. */
  selection: TableSelection | null;
  onOpen: (session: ClientSessionInfo) => void;
  onAction: (kind: SessionActionKind, session: ClientSessionInfo) => void;
}

/** TBMQ writes 0 for "not yet" (disconnectedAt of a connected client). */
function Moment({ value }: { value: number }) {
  return value > 0 ? <FormattedDate value={value} dateStyle="short" timeStyle="medium" /> : null;
}

/** The sessions list: a dense table, sorted by its column headers, with a tick box per row. */
export function SessionsTable({ sessions, refreshing, sort, onSort, selection, onOpen, onAction }: SessionsTableProps) {
  const intl = useIntl();
  const ticked = selection?.ticked;
  const allTicked = ticked !== undefined && sessions.every((session) => ticked.has(session.clientId));
  const someTicked = ticked !== undefined && sessions.some((session) => ticked.has(session.clientId));
  // A production broker does not count queued messages: the column shows only where the broker does.
  const queued = sessions.some((session) => session.queuedMessages !== undefined);
  const columns = COLUMNS.filter(([property]) => queued || property !== 'queuedMessages');
  const rowAction = (session: ClientSessionInfo, label: MessageDescriptor['id'], icon: ReactElement, onClick: () => void, changes = false) => {
    const text = intl.formatMessage({ id: label }, { clientId: session.clientId });
    const button = <Button variant="minimal" size="small" icon={icon} aria-label={text} title={text} onClick={onClick} />;
    return changes ? <ChangeAction>{button}</ChangeAction> : button;
  };
  return (
    // Narrow screens scroll the table sideways rather than squeezing its columns.
    <div className="sessions-table__scroll">
      <HTMLTable compact striped interactive className={refreshing ? 'sessions-table sessions-table--refreshing' : 'sessions-table'} aria-busy={refreshing}>
        <thead>
          <tr>
            {selection && (
              <th className="sessions-table__tick">
                <Checkbox
                  checked={allTicked}
                  indeterminate={someTicked && !allTicked}
                  onChange={selection.onToggleAll}
                  aria-label={intl.formatMessage({ id: 'session.select-page' })}
                />
              </th>
            )}
            {columns.map(([property, label]) => (
              <SortableColumnHeader key={property} property={property} sort={sort} onSort={onSort}>
                <FormattedMessage id={label} />
              </SortableColumnHeader>
            ))}
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const connected = session.connectionState === 'CONNECTED';
            return (
              <tr key={session.clientId} data-testid="session-row" onDoubleClick={() => onOpen(session)}>
                {selection && (
                  <td className="sessions-table__tick">
                    <Checkbox
                      checked={selection.ticked.has(session.clientId)}
                      onChange={() => selection.onToggle(session)}
                      aria-label={intl.formatMessage({ id: 'session.select-session' }, { clientId: session.clientId })}
                    />
                  </td>
                )}
                <td className="sessions-table__nowrap">
                  <Moment value={session.connectedAt} />
                </td>
                <td>
                  <SessionStatusTag state={session.connectionState} />
                </td>
                <td className="sessions-table__client-id">
                  <Button variant="minimal" size="small" className="sessions-table__open" onClick={() => onOpen(session)}>
                    {session.clientId}
                  </Button>
                  <CopyButton text={session.clientId} size="small" />
                </td>
                <td>{session.clientIpAdr}</td>
                <td>
                  <ClientTypeTag clientType={session.clientType} />
                </td>
                <td className="sessions-table__number">
                  <FormattedNumber value={session.subscriptionsCount} />
                </td>
                {queued && <td className="sessions-table__number">{session.queuedMessages === undefined ? '—' : <FormattedNumber value={session.queuedMessages} />}</td>}
                <td>{session.nodeId}</td>
                <td className="sessions-table__nowrap">
                  <Moment value={session.disconnectedAt} />
                </td>
                <td>
                  <FormattedMessage id={session.cleanStart ? 'common.yes' : 'common.no'} />
                </td>
                <td className={TABLE_ACTIONS_CLASS}>
                  {rowAction(session, 'session.open-details', <EyeOpenIcon />, () => onOpen(session))}
                  {connected
                    ? rowAction(session, 'session.disconnect-client', <DisableIcon />, () => onAction('disconnect', session), true)
                    : rowAction(session, 'session.remove-session', <TrashIcon />, () => onAction('remove', session), true)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
