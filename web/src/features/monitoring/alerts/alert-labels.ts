import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { AlertOperator } from '../../../api/generated/model/alertOperator';
import type { AlertStatus } from '../../../api/generated/model/alertStatus';
import type { TimeseriesKey } from '../../../api/generated/model/timeseriesKey';
import { toParts } from '../../../components/interval-input/interval-rules';

type MessageId = NonNullable<MessageDescriptor['id']>;

/** The `total` entity: every node together (openapi.yaml TimeseriesEntityId). */
export const TOTAL_ENTITY_ID = 'total';

/** A metric of an integration (its entity is the integration's id), not of the nodes. */
export function isIntegrationMetric(key: TimeseriesKey): boolean {
  return key.startsWith('integration');
}

/** The metrics a rule may watch, in the contract's order, with their names. */
export const METRIC_LABELS = {
  incomingMsgs: 'alert.metric-incomingMsgs',
  outgoingMsgs: 'alert.metric-outgoingMsgs',
  droppedMsgs: 'alert.metric-droppedMsgs',
  inboundPayloadTraffic: 'alert.metric-inboundPayloadTraffic',
  outboundPayloadTraffic: 'alert.metric-outboundPayloadTraffic',
  processedBytes: 'alert.metric-processedBytes',
  sessions: 'alert.metric-sessions',
  subscriptions: 'alert.metric-subscriptions',
  retainedMsgs: 'alert.metric-retainedMsgs',
  tcpConnections: 'alert.metric-tcpConnections',
  tlsConnections: 'alert.metric-tlsConnections',
  wsConnections: 'alert.metric-wsConnections',
  wssConnections: 'alert.metric-wssConnections',
  cpuUsage: 'alert.metric-cpuUsage',
  memoryUsage: 'alert.metric-memoryUsage',
  diskUsage: 'alert.metric-diskUsage',
  integrationSent: 'alert.metric-integrationSent',
  integrationFailed: 'alert.metric-integrationFailed',
  integrationRetried: 'alert.metric-integrationRetried',
  integrationDropped: 'alert.metric-integrationDropped',
  integrationBacklog: 'alert.metric-integrationBacklog',
} as const satisfies Record<TimeseriesKey, MessageId>;

export const OPERATOR_LABELS = {
  GREATER: 'alert.operator-GREATER',
  LESS: 'alert.operator-LESS',
} as const satisfies Record<AlertOperator, MessageId>;

/** How a condition reads in a table: "> 10". */
export const OPERATOR_SIGNS: Record<AlertOperator, string> = { GREATER: '>', LESS: '<' };

export const STATUS_LABELS = {
  ACTIVE: 'alert.status-ACTIVE',
  RESOLVED: 'alert.status-RESOLVED',
} as const satisfies Record<AlertStatus, MessageId>;

/** The unit each part of an interval is told in, as Intl names it. */
const INTL_UNITS = { days: 'day', hours: 'hour', minutes: 'minute', seconds: 'second' } as const;

/** A rule's duration as its units ("1 minute, 30 seconds"), or "at once" for 0. */
export function durationText(intl: IntlShape, durationSec: number): string {
  if (durationSec === 0) return intl.formatMessage({ id: 'alert.duration-at-once' });
  const parts = toParts(durationSec * 1000);
  const shown = (Object.keys(INTL_UNITS) as (keyof typeof INTL_UNITS)[]).filter((part) => parts[part] > 0);
  return intl.formatList(
    shown.map((part) => intl.formatNumber(parts[part], { style: 'unit', unit: INTL_UNITS[part], unitDisplay: 'long' })),
    { type: 'unit', style: 'long' },
  );
}
