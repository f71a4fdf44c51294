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
]);

export const TOTAL_ENTITY_ID = 'total';
