import { type Intent, Tag } from '@blueprintjs/core';
import { defineMessages, FormattedMessage } from 'react-intl';
import type { ConnectionStatus } from './connection-failure';

export const statusLabels = defineMessages({
  CONNECTED: { id: 'ws-client.status-connected' },
  CONNECTING: { id: 'ws-client.status-connecting' },
  DISCONNECTED: { id: 'ws-client.status-disconnected' },
  CONNECTION_FAILED: { id: 'ws-client.status-connection-failed' },
  RECONNECTING: { id: 'ws-client.status-reconnecting' },
  CLOSE: { id: 'ws-client.status-close' },
  END: { id: 'ws-client.status-end' },
  OFFLINE: { id: 'ws-client.status-offline' },
});

const INTENTS: Record<ConnectionStatus, Intent> = {
  CONNECTED: 'success',
  CONNECTING: 'primary',
  RECONNECTING: 'warning',
  OFFLINE: 'warning',
  CLOSE: 'warning',
  CONNECTION_FAILED: 'danger',
  DISCONNECTED: 'none',
  END: 'none',
};

/** Spec section 3: one of the eight connection statuses, coloured by how well things go. */
export function ConnectionStatusTag({ status }: { status: ConnectionStatus }) {
  return (
    <Tag intent={INTENTS[status]} round data-testid="ws-connection-status" data-status={status}>
      <FormattedMessage {...statusLabels[status]} />
    </Tag>
  );
}
