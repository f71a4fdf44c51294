import { Classes, HTMLTable } from '@blueprintjs/core';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { RetainedMessageDetails } from '../../../api/generated/model/retainedMessageDetails';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { DataSizeText } from '../../../components/format/data-size-text';
import { bytesOfBase64, hexOf } from '../../../components/payload-viewer/payload-content';
import { userPropertyPairs } from '../retained-payload';
import { timeLeft } from './time-left';
import { useNow } from './use-now';
import { type FieldRow, FieldRows } from '../../../components/details/field-rows';

/** The expiry counts down by the second. */
const EXPIRY_TICK_MS = 1000;

const NOTHING = <span className={Classes.TEXT_MUTED}>—</span>;

function Moment({ value }: { value: number }) {
  return <FormattedDate value={value} dateStyle="medium" timeStyle="medium" />;
}

/** How long new subscribers still receive the message, counting down; MQTT 5 section 3.3.2.3.3. */
function ExpiryLeft({ expiryTime, interval }: { expiryTime: number | null; interval: number | null | undefined }) {
  const intl = useIntl();
  const now = useNow(EXPIRY_TICK_MS);
  if (expiryTime === null) return <FormattedMessage id="retained-message.never-expires" />;
  const { value, unit } = timeLeft(expiryTime - now);
  return (
    <span data-testid="retained-expiry">
      {intl.formatRelativeTime(value, unit, { numeric: 'auto' })}{' '}
      <span className={Classes.TEXT_MUTED}>
        (<Moment value={expiryTime} />; <FormattedMessage id="retained-message.expiry-interval" values={{ seconds: interval ?? 0 }} />)
      </span>
    </span>
  );
}

function FormatIndicator({ value }: { value: 0 | 1 | null | undefined }) {
  if (value === null || value === undefined) return NOTHING;
  return <FormattedMessage id={value === 1 ? 'retained-message.format-utf8' : 'retained-message.format-bytes'} />;
}

function UserProperties({ message }: { message: RetainedMessageDetails }) {
  const properties = userPropertyPairs(message);
  if (properties.length === 0) return NOTHING;
  return (
    <HTMLTable compact className="retained-details__user-properties" data-testid="retained-user-properties">
      <thead>
        <tr>
          <th>
            <FormattedMessage id="retained-message.property-key" />
          </th>
          <th>
            <FormattedMessage id="retained-message.property-value" />
          </th>
        </tr>
      </thead>
      <tbody>
        {properties.map(({ k, v }, index) => (
          // A key may repeat: the position tells the pairs apart.
          <tr key={`${index}:${k}`}>
            <td>{k}</td>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * Everything the broker tells of a retained message but its payload: the topic, time and MQTT 5
 * properties. A production broker sends no size or MQTT 5 property but the user properties: those
 * rows show "—" there.
 */
export function RetainedMessageFields({ message }: { message: RetainedMessageDetails }) {
  const { correlationData, expiryTime } = message;
  const rows: FieldRow[] = [
    [
      'retained-message.topic',
      <span className="retained-details__copyable">
        <code>{message.topic}</code>
        <CopyButton text={message.topic} size="small" />
      </span>,
    ],
    ['retained-message.qos', message.qos],
    ['retained-message.created', <Moment value={message.createdTime} />],
    ['retained-message.size', message.payloadSize === undefined ? NOTHING : <DataSizeText bytes={message.payloadSize} />],
    ['retained-message.content-type', message.contentType ?? NOTHING],
    ['retained-message.payload-format', <FormatIndicator value={message.payloadFormatIndicator} />],
    ['retained-message.message-expiry', expiryTime === undefined ? NOTHING : <ExpiryLeft expiryTime={expiryTime} interval={message.messageExpiryInterval} />],
    ['retained-message.response-topic', message.responseTopic ?? NOTHING],
    ['retained-message.correlation-data', correlationData === null || correlationData === undefined ? NOTHING : <code>{hexOf(bytesOfBase64(correlationData))}</code>],
  ];
  return (
    <>
      <HTMLTable compact className="retained-details__fields">
        <tbody>
          <FieldRows rows={rows} />
        </tbody>
      </HTMLTable>
      <h4 className="retained-details__heading">
        <FormattedMessage id="retained-message.user-properties" />
      </h4>
      <UserProperties message={message} />
    </>
  );
}
