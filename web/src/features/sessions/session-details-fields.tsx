import { Classes, HTMLTable } from '@blueprintjs/core';
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import { useGetClientEvents } from '../../api/generated/endpoints/client-session/client-session';
import type { ClientSessionDetails } from '../../api/generated/model/clientSessionDetails';
import { ClientTypeTag } from '../../components/client-type/client-type-tag';
import { CopyButton } from '../../components/copy-button/copy-button';
import { ClientEventReason } from './client-event-reason';
import { mqttVersionName } from '../../components/mqtt/mqtt-version';
import { SessionStatusTag } from './session-status-tag';
import { type FieldRow, FieldRows } from '../../components/details/field-rows';

/** MQTT 5's "never expires" session expiry interval (section 3.1.2.11.2). */
const NEVER_EXPIRES = 4_294_967_295;
/** The events that end a connection, for "last disconnect". */
const DISCONNECT_EVENT_TYPES = 'DISCONNECTED,TAKEN_OVER,KEEP_ALIVE_TIMEOUT';

function Moment({ value }: { value: number | null }) {
  return value === null ? <span className={Classes.TEXT_MUTED}>—</span> : <FormattedDate value={value} dateStyle="medium" timeStyle="medium" />;
}

function Copyable({ text }: { text: string }) {
  return (
    <span className="session-details__copyable">
      <code>{text}</code>
      <CopyButton text={text} size="small" />
    </span>
  );
}

function ExpiryInterval({ seconds }: { seconds: number }) {
  if (seconds === 0) return <FormattedMessage id="session.expiry-with-connection" />;
  if (seconds >= NEVER_EXPIRES) return <FormattedMessage id="session.expiry-never" />;
  return <FormattedMessage id="session.seconds" values={{ seconds }} />;
}

/** Why the client went away, from its event history; offline sessions only. */
function LastDisconnect({ clientId }: { clientId: string }) {
  const events = useGetClientEvents({ clientId, pageSize: 1, page: 0, typeList: DISCONNECT_EVENT_TYPES }, { request: { ignoreLoading: true, ignoreErrors: true } });
  const last = events.data?.data[0];
  return last ? <ClientEventReason event={last} /> : <span className={Classes.TEXT_MUTED}>—</span>;
}

/** Every field the broker reports for a session (BROKER-API.md "Session row" and details). */
export function SessionDetailsFields({ session }: { session: ClientSessionDetails }) {
  const offline = session.connectionState === 'DISCONNECTED';
  const rows: FieldRow[] = [
    ['session.client-id', <Copyable text={session.clientId} />],
    ['session.session-id', <Copyable text={session.sessionId} />],
    ['session.status', <SessionStatusTag state={session.connectionState} />],
    ['session.client-type', <ClientTypeTag clientType={session.clientType} />],
    ['session.username', session.username ?? <span className={Classes.TEXT_MUTED}>—</span>],
    ['session.client-address', <Copyable text={session.clientIpAdr} />],
    ['session.node', session.nodeId],
    ['session.mqtt-version', mqttVersionName(session.mqttVersion)],
    ['session.clean-start', <FormattedMessage id={session.cleanStart ? 'common.yes' : 'common.no'} />],
    ['session.keep-alive', <FormattedMessage id="session.seconds" values={{ seconds: session.keepAliveSeconds }} />],
    ['session.session-expiry-interval', <ExpiryInterval seconds={session.sessionExpiryInterval} />],
    ['session.connected-at', <Moment value={session.connectedAt} />],
    ['session.disconnected-at', <Moment value={session.disconnectedAt} />],
    ['session.session-end', <Moment value={session.sessionEndTs} />],
    ['session.subscriptions-count', <FormattedNumber value={session.subscriptionsCount} />],
    ['session.queued-messages', <FormattedNumber value={session.queuedMessages} />],
    ['session.dropped-messages', <FormattedNumber value={session.droppedMessages} />],
  ];
  if (offline) rows.push(['session.last-disconnect', <LastDisconnect clientId={session.clientId} />]);
  return (
    <HTMLTable compact className="session-details__fields">
      <tbody>
        <FieldRows rows={rows} />
      </tbody>
    </HTMLTable>
  );
}
