import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { DuplicateIcon, EditIcon, MoreIcon, TrashIcon } from '@blueprintjs/icons';
import { useIntl } from 'react-intl';
import { getGetWsConnectionQueryKey, useGetWsConnection } from '../../../../api/generated/endpoints/ws-client/ws-client';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import type { WsConnectionInfo } from '../../../../api/generated/model/wsConnectionInfo';
import type { ConnectionStatus } from '../../connection-status';
import { ConnectionStatusDot } from './connection-status-dot';

interface ConnectionListItemProps {
  connection: WsConnectionInfo;
  status: ConnectionStatus | undefined;
  selected: boolean;
  onSelect: () => void;
  onEdit: (connection: WsConnection) => void;
  onDuplicate: (connection: WsConnection) => void;
  onDelete: () => void;
}

/**
 * One saved connection: its status, name and URL; a menu to edit, duplicate or delete it. The list
 * holds only id, name and client id (as the production broker answers it): the URL and what editing
 * needs come with the connection itself, read by id.
 */
export function ConnectionListItem({ connection, status, selected, onSelect, onEdit, onDuplicate, onDelete }: ConnectionListItemProps) {
  const intl = useIntl();
  const details = useGetWsConnection(connection.id, { query: { queryKey: getGetWsConnectionQueryKey(connection.id) } }).data;
  const actions = (
    <Menu>
      <MenuItem icon={<EditIcon />} text={intl.formatMessage({ id: 'ws-client.connection.edit' })} disabled={!details} onClick={() => details && onEdit(details)} />
      <MenuItem icon={<DuplicateIcon />} text={intl.formatMessage({ id: 'ws-client.connection.duplicate' })} disabled={!details} onClick={() => details && onDuplicate(details)} />
      <MenuItem icon={<TrashIcon />} intent="danger" text={intl.formatMessage({ id: 'action.delete' })} onClick={onDelete} />
    </Menu>
  );
  return (
    <li className={selected ? 'ws-client__connection ws-client__connection--selected' : 'ws-client__connection'} data-testid="ws-connection-item">
      <button type="button" className="ws-client__connection-select" aria-current={selected} onClick={onSelect}>
        <ConnectionStatusDot status={status} />
        <span className="ws-client__connection-text">
          <span className="ws-client__connection-name">{connection.name}</span>
          <span className="ws-client__muted ws-client__connection-url">{details?.configuration.url ?? connection.clientId}</span>
        </span>
      </button>
      <Popover content={actions} placement="bottom-end">
        <Button variant="minimal" size="small" icon={<MoreIcon />} aria-label={intl.formatMessage({ id: 'ws-client.connection.actions' }, { name: connection.name })} />
      </Popover>
    </li>
  );
}
