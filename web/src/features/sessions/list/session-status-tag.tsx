import { Tag } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import type { ConnectionState } from '../../../api/generated/model/connectionState';

/** A session's connection state: green while the client is connected. */
export function SessionStatusTag({ state }: { state: ConnectionState }) {
  const connected = state === 'CONNECTED';
  return (
    <Tag intent={connected ? 'success' : 'none'} minimal={!connected} round>
      <FormattedMessage id={connected ? 'session.connected' : 'session.disconnected'} />
    </Tag>
  );
}
