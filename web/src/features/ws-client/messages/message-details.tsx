import { Classes, Drawer, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { DataSizeText } from '../../../components/format/data-size-text';
import { MEDIA_GT_SM } from '../../../components/media-query/breakpoints';
import { useMediaQuery } from '../../../components/media-query/use-media-query';
import { hexOf, utf8TextOf } from '../../../components/payload-viewer/payload-content';
import { PayloadViewer } from '../../../components/payload-viewer/payload-viewer';
import { fromMqttUserProperties } from '../../../components/user-properties/user-properties-rules';
import type { WsMessage, WsMessageProperties } from './ws-message';
import { type FieldRow, FieldRows } from '../../../components/details/field-rows';
import { entityHelpIds } from '../../../components/help/help-ids';
import { TitleWithHelp } from '../../../components/help/title-with-help';

const directionLabels = defineMessages({ RECEIVED: { id: 'ws-client.message-received' }, PUBLISHED: { id: 'ws-client.message-published' } });

const NOTHING = <span className={Classes.TEXT_MUTED}>—</span>;

/** Correlation data as text when it reads as such, else as hex. */
function Bytes({ bytes }: { bytes: Uint8Array }) {
  const text = utf8TextOf(bytes);
  return <code>{text ?? hexOf(bytes)}</code>;
}

function UserProperties({ properties }: { properties: WsMessageProperties['userProperties'] }) {
  const pairs = fromMqttUserProperties(properties);
  if (pairs.length === 0) return NOTHING;
  return (
    <HTMLTable compact className="ws-message-details__user-properties" data-testid="ws-message-user-properties">
      <tbody>
        {pairs.map(({ key, value }, index) => (
          <tr key={`${index}:${key}`}>
            <td>{key}</td>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function Fields({ message }: { message: WsMessage }) {
  const intl = useIntl();
  const properties = message.properties ?? {};
  const subscriptionIds = properties.subscriptionIdentifier === undefined ? [] : [properties.subscriptionIdentifier].flat();
  const rows: FieldRow[] = [
    [
      'ws-client.message-topic',
      <span className="ws-message-details__copyable">
        <code>{message.topic}</code>
        <CopyButton text={message.topic} size="small" />
      </span>,
    ],
    ['ws-client.message-direction', intl.formatMessage(directionLabels[message.direction])],
    ['ws-client.message-time', <FormattedDate value={message.time} dateStyle="medium" timeStyle="medium" />],
    ['ws-client.message-qos-label', message.qos],
    ['ws-client.message-retain', intl.formatMessage({ id: message.retain ? 'common.yes' : 'common.no' })],
    ['ws-client.message-size', <DataSizeText bytes={message.payload.length} />],
    ['ws-client.message-content-type', properties.contentType ?? NOTHING],
    ['ws-client.message-response-topic', properties.responseTopic ?? NOTHING],
    ['ws-client.message-correlation-data', properties.correlationData ? <Bytes bytes={properties.correlationData} /> : NOTHING],
    [
      'ws-client.message-expiry',
      properties.messageExpiryInterval === undefined ? NOTHING : intl.formatMessage({ id: 'ws-client.message-expiry-seconds' }, { seconds: properties.messageExpiryInterval }),
    ],
    ['ws-client.message-subscription-ids', subscriptionIds.length === 0 ? NOTHING : subscriptionIds.join(', ')],
  ];
  return (
    <HTMLTable compact className="ws-message-details__fields">
      <tbody>
        <FieldRows rows={rows} />
        <tr>
          <th scope="row">
            <FormattedMessage id="ws-client.message-user-properties" />
          </th>
          <td>
            <UserProperties properties={properties.userProperties} />
          </td>
        </tr>
      </tbody>
    </HTMLTable>
  );
}

interface MessageDetailsDrawerProps {
  /** The message shown; undefined once the store no longer keeps it. */
  message: WsMessage | undefined;
  isOpen: boolean;
  onClose: () => void;
}

/** A message beside the list: its fields, MQTT 5 properties and the payload in the shared viewer. */
export function MessageDetailsDrawer({ message, isOpen, onClose }: MessageDetailsDrawerProps) {
  const intl = useIntl();
  const wide = useMediaQuery(MEDIA_GT_SM);
  return (
    <Drawer isOpen={isOpen} onClose={onClose} size={wide ? '640px' : '100%'} title={<TitleWithHelp helpId={entityHelpIds.WS_MESSAGE}>{intl.formatMessage({ id: 'ws-client.message-details' })}</TitleWithHelp>}>
      <div className="ws-message-details" data-testid="ws-message-details">
        {message ? (
          <>
            <Fields message={message} />
            <h4 className="ws-message-details__heading">
              <FormattedMessage id="ws-client.message-payload" />
            </h4>
            <PayloadViewer key={message.seq} payload={message.payload} formatIndicator={message.properties?.payloadFormatIndicator ? 1 : undefined} />
          </>
        ) : (
          <NonIdealState description={<FormattedMessage id="ws-client.message-no-longer-kept" />} />
        )}
      </div>
    </Drawer>
  );
}
