import type { TimeseriesKey } from '../../../api/generated/model/timeseriesKey';
import type { ChartValueKind } from '../values/chart-value-format';

/** Each time-series key of the contract: what its values measure and its chart's title. */
export const TIMESERIES_METRICS = {
  incomingMsgs: { valueKind: 'count', title: 'monitoring.metric.incomingMsgs' },
  outgoingMsgs: { valueKind: 'count', title: 'monitoring.metric.outgoingMsgs' },
  droppedMsgs: { valueKind: 'count', title: 'monitoring.metric.droppedMsgs' },
  inboundPayloadTraffic: { valueKind: 'bytes', title: 'monitoring.metric.inboundPayloadTraffic' },
  outboundPayloadTraffic: { valueKind: 'bytes', title: 'monitoring.metric.outboundPayloadTraffic' },
  processedBytes: { valueKind: 'bytes', title: 'monitoring.metric.processedBytes' },
  sessions: { valueKind: 'count', title: 'monitoring.metric.sessions' },
  subscriptions: { valueKind: 'count', title: 'monitoring.metric.subscriptions' },
  retainedMsgs: { valueKind: 'count', title: 'monitoring.metric.retainedMsgs' },
  tcpConnections: { valueKind: 'count', title: 'monitoring.metric.tcpConnections' },
  tlsConnections: { valueKind: 'count', title: 'monitoring.metric.tlsConnections' },
  wsConnections: { valueKind: 'count', title: 'monitoring.metric.wsConnections' },
  wssConnections: { valueKind: 'count', title: 'monitoring.metric.wssConnections' },
  cpuUsage: { valueKind: 'percent', title: 'monitoring.metric.cpuUsage' },
  memoryUsage: { valueKind: 'percent', title: 'monitoring.metric.memoryUsage' },
  diskUsage: { valueKind: 'percent', title: 'monitoring.metric.diskUsage' },
  integrationSent: { valueKind: 'count', title: 'monitoring.metric.integrationSent' },
  integrationFailed: { valueKind: 'count', title: 'monitoring.metric.integrationFailed' },
  integrationRetried: { valueKind: 'count', title: 'monitoring.metric.integrationRetried' },
  integrationDropped: { valueKind: 'count', title: 'monitoring.metric.integrationDropped' },
  integrationBacklog: { valueKind: 'count', title: 'monitoring.metric.integrationBacklog' },
} as const satisfies Record<TimeseriesKey, { valueKind: ChartValueKind; title: string }>;

/** The entity whose lines add up every node's (openapi.yaml, TimeseriesEntityId). */
export const TOTAL_ENTITY_ID = 'total';
