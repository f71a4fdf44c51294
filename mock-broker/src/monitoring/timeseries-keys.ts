/** The time-series keys of the contract (TimeseriesKey), in its order. */
export const TIMESERIES_KEYS = [
  'incomingMsgs',
  'outgoingMsgs',
  'droppedMsgs',
  'inboundPayloadTraffic',
  'outboundPayloadTraffic',
  'processedBytes',
  'sessions',
  'subscriptions',
  'retainedMsgs',
  'tcpConnections',
  'tlsConnections',
  'wsConnections',
  'wssConnections',
  'cpuUsage',
  'memoryUsage',
  'diskUsage',
  // An integration's (entity: its id): messages its target took, attempts that failed, messages
  // sent again, messages dropped for a full backlog (per sampling period), and its backlog.
  'integrationSent',
  'integrationFailed',
  'integrationRetried',
  'integrationDropped',
  'integrationBacklog',
] as const;

export type TimeseriesKey = (typeof TIMESERIES_KEYS)[number];

/** Keys that count what happened within a sampling period; the others are levels at the sample's time. */
export const COUNTER_KEYS: ReadonlySet<TimeseriesKey> = new Set([
  'incomingMsgs',
  'outgoingMsgs',
  'droppedMsgs',
  'inboundPayloadTraffic',
  'outboundPayloadTraffic',
  'processedBytes',
  'integrationSent',
  'integrationFailed',
  'integrationRetried',
  'integrationDropped',
]);

export const TOTAL_ENTITY_ID = 'total';

/** Keys sampled under an integration's id; the others are sampled per node and in `total`. */
export const INTEGRATION_KEYS: ReadonlySet<TimeseriesKey> = new Set([
  'integrationSent',
  'integrationFailed',
  'integrationRetried',
  'integrationDropped',
  'integrationBacklog',
]);
