import type { MessageDescriptor } from 'react-intl';
import { toBytes, toMilliseconds, toSeconds } from '../../../../components/unit-input/unit-rules';
import { MAX_FOUR_BYTE_INTEGER, MAX_TWO_BYTE_INTEGER } from '../../publish/publish-properties-values';
import type { ConnectionFormField, ConnectionFormValues } from './connection-form-types';

/** MQTT 5 section 1.5.5: the largest variable byte integer, the most a packet size can say. */
const MAX_PACKET_SIZE_BYTES = 268_435_455;
/** openapi.yaml: connect timeout and reconnect period are at most an hour. */
const MAX_WAIT_MS = 3_600_000;

type Check = [ConnectionFormField, boolean, MessageDescriptor];

const isWholeNumberIn = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text.trim()) >= min && Number(text.trim()) <= max;

/**
 * The numeric settings' bounds, each as MQTT or the contract sets them; the number as entered and
 * its value in the unit the protocol counts in must both fit. MQTT 5-only settings count on MQTT 5.
 */
export function validateConnectionLimits(values: ConnectionFormValues): Partial<Record<ConnectionFormField, MessageDescriptor>> {
  const { keepAlive, connectTimeout, reconnectPeriod, sessionExpiryInterval, maxPacketSize } = values;
  const checks: Check[] = [
    ['keepAlive', keepAlive !== null && keepAlive >= 0 && toSeconds(keepAlive, values.keepAliveUnit) <= MAX_TWO_BYTE_INTEGER, { id: 'ws-client.connection.keep-alive-invalid' }],
    ['connectTimeout', connectTimeout !== null && connectTimeout >= 1 && toMilliseconds(connectTimeout, values.connectTimeoutUnit) <= MAX_WAIT_MS, { id: 'ws-client.connection.connect-timeout-invalid' }],
    ['reconnectPeriod', reconnectPeriod !== null && reconnectPeriod >= 0 && toMilliseconds(reconnectPeriod, values.reconnectPeriodUnit) <= MAX_WAIT_MS, { id: 'ws-client.connection.reconnect-period-invalid' }],
  ];
  if (values.mqttVersion >= 5) {
    checks.push(
      [
        'sessionExpiryInterval',
        sessionExpiryInterval === null || (sessionExpiryInterval >= 0 && toSeconds(sessionExpiryInterval, values.sessionExpiryIntervalUnit) <= MAX_FOUR_BYTE_INTEGER),
        { id: 'ws-client.connection.session-expiry-invalid' },
      ],
      ['maxPacketSize', maxPacketSize === null || (maxPacketSize >= 1 && toBytes(maxPacketSize, values.maxPacketSizeUnit) <= MAX_PACKET_SIZE_BYTES), { id: 'ws-client.connection.max-packet-size-invalid' }],
      ['topicAliasMax', values.topicAliasMax.trim() === '' || isWholeNumberIn(values.topicAliasMax, 0, MAX_TWO_BYTE_INTEGER), { id: 'ws-client.connection.topic-alias-max-invalid' }],
      ['receiveMax', values.receiveMax.trim() === '' || isWholeNumberIn(values.receiveMax, 1, MAX_TWO_BYTE_INTEGER), { id: 'ws-client.connection.receive-max-invalid' }],
      ['userProperties', values.userProperties.every((property) => property.key.trim() !== ''), { id: 'ws-client.publish.user-property-key-required' }],
    );
  }
  return Object.fromEntries(checks.filter(([, valid]) => !valid).map(([field, , message]) => [field, message]));
}
