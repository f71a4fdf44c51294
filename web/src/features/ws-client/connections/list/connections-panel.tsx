import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { GlobeNetworkIcon, PlusIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetWsConnectionsQueryKey, useGetWsConnections } from '../../../../api/generated/endpoints/ws-client/ws-client';
import type { GetWsConnectionsParams } from '../../../../api/generated/model/getWsConnectionsParams';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import type { WsConnectionInfo } from '../../../../api/generated/model/wsConnectionInfo';
import { entityLabels } from '../../../../components/entity/entity-labels';
import { connectionPageOf } from './connection-page';
import { SearchInput } from '../../../../components/table/search-input';
import { useDebouncedValue } from '../../../../components/table/use-debounced-value';
import type { ConnectionStatus } from '../../connection-status';
import { ConnectionDialog } from '../dialog/connection-dialog';
import { ConnectionListItem } from './connection-list-item';
import { DeleteConnectionDialog } from './delete-connection-dialog';

/** Spec section 9: the web-socket client's lists hold 100 at most. */
const CONNECTION_LIST_LIMIT = 100;
const SEARCH_DEBOUNCE_MS = 300;

export interface ConnectionsPanelProps {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  statusOf: (id: string) => ConnectionStatus | undefined;
  /** A connection was deleted (its client should end). */
  onDeleted?: (connection: WsConnectionInfo) => void;
}

/** The dialog open over the list: adding, editing or duplicating. */
type Editing = { open: false } | { open: true; connection?: WsConnection; duplicate: boolean };

/** The user's saved connections (GET /api/ws/connection), searchable, with their status; picks the first when none is selected. */
export function ConnectionsPanel({ selectedId, onSelect, statusOf, onDeleted }: ConnectionsPanelProps) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const textSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const params: GetWsConnectionsParams = { pageSize: CONNECTION_LIST_LIMIT, page: 0, sortProperty: 'name', sortOrder: 'ASC', ...(textSearch === '' ? {} : { textSearch }) };
  const list = useGetWsConnections(params, { query: { queryKey: getGetWsConnectionsQueryKey(params), placeholderData: (previous) => previous } });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [deleting, setDeleting] = useState<WsConnectionInfo | null>(null);
  const connections = connectionPageOf(list.data)?.data;
  const first = connections?.[0]?.id;

  useEffect(() => {
    if (selectedId === null && first !== undefined && textSearch === '') onSelect(first);
  }, [selectedId, first, textSearch, onSelect]);

  const closeDialog = (saved?: WsConnection) => {
    setEditing({ open: false });
    if (saved) onSelect(saved.id);
  };
  const addButton = (
    <Button icon={<PlusIcon />} intent="primary" onClick={() => setEditing({ open: true, duplicate: false })} data-testid="ws-connection-add">
      <FormattedMessage {...entityLabels.WS_CONNECTION.add} />
    </Button>
  );

  const noneYet = connections?.length === 0 && textSearch === '';
  return (
    <div className="ws-client__connections">
      {!noneYet && (
        <div className="ws-client__connections-toolbar">
          <SearchInput label={intl.formatMessage({ id: 'ws-client.connection.search' })} value={search} onValueChange={setSearch} />
          <Button
            icon={<PlusIcon />}
            variant="minimal"
            aria-label={intl.formatMessage(entityLabels.WS_CONNECTION.add)}
            title={intl.formatMessage(entityLabels.WS_CONNECTION.add)}
            onClick={() => setEditing({ open: true, duplicate: false })}
          />
        </div>
      )}
      {list.isPending && <Spinner size={24} />}
      {noneYet && (
        <NonIdealState
          icon={<GlobeNetworkIcon />}
          title={<FormattedMessage id="ws-client.connection.none-title" />}
          description={<FormattedMessage id="ws-client.connection.none-text" />}
          action={addButton}
        />
      )}
      {connections?.length === 0 && !noneYet && <NonIdealState className="ws-client__empty-small" description={<FormattedMessage id="ws-client.connection.none-found" />} />}
      {connections && connections.length > 0 && (
        <ul className="ws-client__connection-list" aria-label={intl.formatMessage({ id: 'ws-client.connection.connections' })}>
          {connections.map((connection) => (
            <ConnectionListItem
              key={connection.id}
              connection={connection}
              status={statusOf(connection.id)}
              selected={connection.id === selectedId}
              onSelect={() => onSelect(connection.id)}
              onEdit={(details) => setEditing({ open: true, connection: details, duplicate: false })}
              onDuplicate={(details) => setEditing({ open: true, connection: details, duplicate: true })}
              onDelete={() => setDeleting(connection)}
            />
          ))}
        </ul>
      )}
      <ConnectionDialog isOpen={editing.open} connection={editing.open ? editing.connection : undefined} duplicate={editing.open && editing.duplicate} onClose={closeDialog} />
      <DeleteConnectionDialog connection={deleting} onClose={() => setDeleting(null)} onDeleted={(deleted) => {
          onDeleted?.(deleted);
          if (deleted.id === selectedId) onSelect(null);
        }} />
    </div>
  );
}
