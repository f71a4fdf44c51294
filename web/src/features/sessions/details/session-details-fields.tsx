import { Classes, HTMLTable } from '@blueprintjs/core';
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import { useGetClientEvents, useGetClientSessionAdvancedDetails } from '../../../api/generated/endpoints/client-session/client-session';
import type { ClientSessionAdvancedDetailsMqttVersion } from '../../../api/generated/model/clientSessionAdvancedDetailsMqttVersion';
import type { ClientSessionDetails } from '../../../api/generated/model/clientSessionDetails';
import { ClientTypeTag } from '../../../components/client-type/client-type-tag';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { ClientEventReason } from './client-event-reason';
import { mqttVersionName } from '../../../components/mqtt/mqtt-version';
import { SessionStatusTag } from '../list/session-status-tag';
import { type FieldRow, FieldRows } from '../../../components/details/field-rows';
import { useExtension } from '../../../components/broker-support/broker-extensions';

/** MQTT 5's "never expires" session expiry interval (section 3.1.2.11.2). */
const NEVER_EXPIRES = 4_294_967_295;
/** The events that end a connection, for "last disconnect". */
const DISCONNECT_EVENT_TYPES = 'DISCONNECTED,TAKEN_OVER,KEEP_ALIVE_TIMEOUT';

const NONE = <span className={Classes.TEXT_MUTED}>—</span>;

/** TBMQ writes 0 (disconnectedAt while connected) or -1 (sessionEndTs while connected or never) for "no time". */
function Moment({ value }: { value: number }) {
  return value > 0 ? <FormattedDate value={value} dateStyle="medium" timeStyle="medium" /> : NONE;
}

/** One of Starling's counts, which a production broker does not send. */
function Count({ value }: { value: number | undefined }) {
  return value === undefined ? NONE : <FormattedNumber value={value} />;
}

function Copyable({ text }: { text: string }) {
  return (
    <span className="session-details__copyable">
      <code>{text}</code>
      <CopyButton text={text} size="small" />
    </span>
  );
}

/** TBMQ writes 0 for an MQTT 3.1.1 persistent session too, whose end shows as the session end. */
function ExpiryInterval({ session }: { session: ClientSessionDetails }) {
  const seconds = session.sessionExpiryInterval;
  if (seconds === 0 && !session.cleanStart && session.mqttVersion === undefined) return NONE;
  if (seconds === 0) return <FormattedMessage id="session.expiry-with-connection" />;
  if (seconds >= NEVER_EXPIRES) return <FormattedMessage id="session.expiry-never" />;
  return <FormattedMessage id="session.seconds" values={{ seconds }} />;
}

/** TBMQ's names of the protocol levels (GET /api/client-session/details). */
const PROTOCOL_LEVELS: Partial<Record<ClientSessionAdvancedDetailsMqttVersion, number>> = { MQTT_3_1: 3, MQTT_3_1_1: 4, MQTT_5: 5 };

/** The MQTT version where the session details leave it out (TBMQ): from the broker's sign-in details. */
function SignInMqttVersion({ clientId }: { clientId: string }) {
  const details = useGetClientSessionAdvancedDetails({ clientId }, { request: { ignoreLoading: true, ignoreErrors: true } });
  const level = details.data && PROTOCOL_LEVELS[details.data.mqttVersion];
  return level === undefined ? NONE : mqttVersionName(level);
}

/** Why the client went away, from its event history (the clientEvents extension); offline sessions only. */
function LastDisconnect({ clientId }: { clientId: string }) {
  const events = useGetClientEvents({ clientId, pageSize: 1, page: 0, typeList: DISCONNECT_EVENT_TYPES }, { request: { ignoreLoading: true, ignoreErrors: true } });
  const last = events.data?.data[0];
  return last ? <ClientEventReason event={last} /> : NONE;
}

/**
 * Every field the broker reports for a session (BROKER-API.md "Session row" and details): TBMQ's,
 * and Starling's counts, user name and MQTT version where the broker sends them ("—" where not).
 */
export function SessionDetailsFields({ session }: { session: ClientSessionDetails }) {
  const offline = session.connectionState === 'DISCONNECTED';
  const events = useExtension('clientEvents') === 'available';
  const rows: FieldRow[] = [
    ['session.client-id', <Copyable text={session.clientId} />],
    ['session.session-id', <Copyable text={session.sessionId} />],
    ['session.status', <SessionStatusTag state={session.connectionState} />],
    ['session.client-type', <ClientTypeTag clientType={session.clientType} />],
    ['session.username', session.username ?? NONE],
    ['session.client-address', <Copyable text={session.clientIpAdr} />],
    ['session.node', session.nodeId],
    ['session.mqtt-version', session.mqttVersion === undefined ? <SignInMqttVersion clientId={session.clientId} /> : mqttVersionName(session.mqttVersion)],
    ['session.clean-start', <FormattedMessage id={session.cleanStart ? 'common.yes' : 'common.no'} />],
    ['session.keep-alive', <FormattedMessage id="session.seconds" values={{ seconds: session.keepAliveSeconds }} />],
    ['session.session-expiry-interval', <ExpiryInterval session={session} />],
    ['session.connected-at', <Moment value={session.connectedAt} />],
    ['session.disconnected-at', <Moment value={session.disconnectedAt} />],
    ['session.session-end', <Moment value={session.sessionEndTs} />],
    ['session.subscriptions-count', <FormattedNumber value={session.subscriptions.length} />],
    ['session.queued-messages', <Count value={session.queuedMessages} />],
    ['session.dropped-messages', <Count value={session.droppedMessages} />],
  ];
  if (offline && events) rows.push(['session.last-disconnect', <LastDisconnect clientId={session.clientId} />]);
  return (
    <HTMLTable compact className="session-details__fields">
      <tbody>
        <FieldRows rows={rows} />
      </tbody>
    </HTMLTable>
  );
}
