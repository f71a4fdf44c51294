import type { BrokerConfig } from '../../api/generated/model/brokerConfig';
import type { TimeseriesKey } from '../../api/generated/model/timeseriesKey';

/** The production broker family's statistics (BROKER-API.md, monitoring), one chart each. */
export const BROKER_METRICS: readonly TimeseriesKey[] = [
  'incomingMsgs',
  'outgoingMsgs',
  'droppedMsgs',
  'inboundPayloadTraffic',
  'outboundPayloadTraffic',
  'sessions',
  'subscriptions',
  'retainedMsgs',
];

/** Connections open per listener, charted for the listeners the broker runs (GET /api/app/config). */
const LISTENER_METRICS: readonly { key: TimeseriesKey; runs: (config: BrokerConfig | undefined) => boolean }[] = [
  { key: 'tcpConnections', runs: (config) => config?.tcpListenerEnabled !== false },
  { key: 'tlsConnections', runs: (config) => config?.tlsListenerEnabled === true },
  { key: 'wsConnections', runs: (config) => config?.wsListenerEnabled !== false },
  { key: 'wssConnections', runs: (config) => config?.wssListenerEnabled === true },
];

/** The second group: connections per running listener, then the nodes' CPU and memory. */
export function connectionAndResourceMetrics(config: BrokerConfig | undefined): TimeseriesKey[] {
  return [...LISTENER_METRICS.filter((metric) => metric.runs(config)).map((metric) => metric.key), 'cpuUsage', 'memoryUsage'];
}
