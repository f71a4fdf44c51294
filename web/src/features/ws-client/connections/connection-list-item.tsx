import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { DuplicateIcon, EditIcon, MoreIcon, TrashIcon } from '@blueprintjs/icons';
import { useIntl } from 'react-intl';
import type { WsConnection } from '../../../api/generated/model/wsConnection';
import type { ConnectionStatus } from '../connection-status';
import { ConnectionStatusDot } from './connection-status-dot';

interface ConnectionListItemProps {
  connection: WsConnection;
  status: ConnectionStatus | undefined;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** One saved connection: its status, name and URL; a menu to edit, duplicate or delete it. */
export function ConnectionListItem({ connection, status, selected, onSelect, onEdit, onDuplicate, onDelete }: ConnectionListItemProps) {
  const intl = useIntl();
  const actions = (
    <Menu>
      <MenuItem icon={<EditIcon />} text={intl.formatMessage({ id: 'ws-client.connection.edit' })} onClick={onEdit} />
      <MenuItem icon={<DuplicateIcon />} text={intl.formatMessage({ id: 'ws-client.connection.duplicate' })} onClick={onDuplicate} />
      <MenuItem icon={<TrashIcon />} intent="danger" text={intl.formatMessage({ id: 'action.delete' })} onClick={onDelete} />
    </Menu>
  );
  return (
    <li className={selected ? 'ws-client__connection ws-client__connection--selected' : 'ws-client__connection'} data-testid="ws-connection-item">
      <button type="button" className="ws-client__connection-select" aria-current={selected} onClick={onSelect}>
        <ConnectionStatusDot status={status} />
        <span className="ws-client__connection-text">
          <span className="ws-client__connection-name">{connection.name}</span>
          <span className="ws-client__muted ws-client__connection-url">{connection.configuration.url}</span>
        </span>
      </button>
      <Popover content={actions} placement="bottom-end">
        <Button variant="minimal" size="small" icon={<MoreIcon />} aria-label={intl.formatMessage({ id: 'ws-client.connection.actions' }, { name: connection.name })} />
      </Popover>
    </li>
  );
}
