import { useIntl } from 'react-intl';
import { type ConnectionStatus, connectionStatusIntent } from '../../connection-status';

/** A connection's status as a coloured dot, named for screen readers and on hover. */
export function ConnectionStatusDot({ status }: { status: ConnectionStatus | undefined }) {
  const intl = useIntl();
  const shown: ConnectionStatus = status ?? 'DISCONNECTED';
  const label = intl.formatMessage({ id: `ws-client.status.${shown}` });
  return <span className={`ws-client__status-dot ws-client__status-dot--${connectionStatusIntent(status)}`} role="img" aria-label={label} title={label} />;
}
