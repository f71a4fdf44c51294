import { Tag } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { type ConnectionStatus, connectionStatusIntent } from '../../connection-status';

/** Spec section 3: one of the eight connection statuses, in the colour the connections list gives it. */
export function ConnectionStatusTag({ status }: { status: ConnectionStatus }) {
  const intl = useIntl();
  return (
    <Tag intent={connectionStatusIntent(status)} round data-testid="ws-connection-status" data-status={status}>
      {intl.formatMessage({ id: `ws-client.status.${status}` })}
    </Tag>
  );
}
