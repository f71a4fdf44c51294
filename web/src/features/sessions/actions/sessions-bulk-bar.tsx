import { Button } from '@blueprintjs/core';
import { DisableIcon, TrashIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { entityLabels } from '../../../components/entity/entity-labels';
import type { SessionActionKind } from './session-action';
import { type SessionSelection, selectedInState } from '../list/session-selection';

interface SessionsBulkBarProps {
  selection: SessionSelection;
  /** Sessions of each state the whole filter matches, on every page. */
  matchingConnected: number;
  matchingDisconnected: number;
  onSelectionAction: (kind: SessionActionKind, clientIds: string[]) => void;
  onFilteredAction: (kind: SessionActionKind, count: number) => void;
  onClearSelection: () => void;
}

/** Actions on many sessions: the ticked rows, or everything the filter matches (issue 7). */
export function SessionsBulkBar({ selection, matchingConnected, matchingDisconnected, onSelectionAction, onFilteredAction, onClearSelection }: SessionsBulkBarProps) {
  const connected = selectedInState(selection, 'CONNECTED');
  const disconnected = selectedInState(selection, 'DISCONNECTED');
  return (
    <div className="sessions-bulk-bar">
      {selection.size > 0 && (
        <div className="sessions-bulk-bar__group" data-testid="sessions-selection">
          <strong>
            <FormattedMessage id={entityLabels.MQTT_SESSION.selectedItems.id} values={{ count: selection.size }} />
          </strong>
          <Button size="small" intent="danger" icon={<DisableIcon />} disabled={connected.length === 0} onClick={() => onSelectionAction('disconnect', connected)} data-testid="disconnect-selected">
            <FormattedMessage id="session.disconnect-count" values={{ count: connected.length }} />
          </Button>
          <Button size="small" intent="danger" icon={<TrashIcon />} disabled={disconnected.length === 0} onClick={() => onSelectionAction('remove', disconnected)} data-testid="remove-selected">
            <FormattedMessage id="session.remove-count" values={{ count: disconnected.length }} />
          </Button>
          <Button size="small" variant="minimal" onClick={onClearSelection}>
            <FormattedMessage id="session.clear-selection" />
          </Button>
        </div>
      )}
      <div className="sessions-bulk-bar__group sessions-bulk-bar__matching">
        {matchingConnected > 0 && (
          <Button size="small" variant="outlined" intent="danger" onClick={() => onFilteredAction('disconnect', matchingConnected)} data-testid="disconnect-matching">
            <FormattedMessage id="session.disconnect-all-matching" values={{ count: matchingConnected }} />
          </Button>
        )}
        {matchingDisconnected > 0 && (
          <Button size="small" variant="outlined" intent="danger" onClick={() => onFilteredAction('remove', matchingDisconnected)} data-testid="remove-matching">
            <FormattedMessage id="session.remove-all-matching" values={{ count: matchingDisconnected }} />
          </Button>
        )}
      </div>
    </div>
  );
}
