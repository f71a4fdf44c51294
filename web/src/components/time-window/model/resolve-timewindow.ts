// What a chart asks the broker for (BROKER-API.md, time series: startTs, endTs, interval, agg,
// limit): a time window resolved at a moment, with an interval that keeps the points within the
// server's maximum datapoints.
import { MIN_INTERVAL_MS, queryInterval } from './interval-bounds';
import { quickIntervalRange, type TimeRange } from './quick-intervals';
import type { AggregationType, Timewindow } from './timewindow';
import { datapointsLimits, normaliseTimewindow, type TimewindowModes } from './timewindow-rules';

export interface TimewindowQuery {
  startTs: number;
  endTs: number;
  /** The aggregation interval in milliseconds; with agg NONE the server ignores it, and it is 1 s. */
  interval: number;
  agg: AggregationType;
  /** At most this many datapoints: the NONE limit, or how many intervals the range holds. */
  limit: number;
  /** The chart follows now: it should resolve the window again as time passes. */
  realtime: boolean;
}

function rangeAt(timewindow: Timewindow, now: number): TimeRange {
  const { timezone } = timewindow;
  if (timewindow.selectedTab === 'REALTIME') {
    const { realtimeType, timewindowMs, quickInterval } = timewindow.realtime;
    return realtimeType === 'INTERVAL' ? quickIntervalRange(quickInterval, now, timezone) : { startTs: now - timewindowMs, endTs: now };
  }
  const { historyType, timewindowMs, quickInterval, fixedTimewindow } = timewindow.history;
  switch (historyType) {
    case 'LAST_INTERVAL':
      return { startTs: now - timewindowMs, endTs: now };
    case 'FIXED':
      return { startTs: fixedTimewindow.startTimeMs, endTs: fixedTimewindow.endTimeMs };
    case 'INTERVAL':
      return quickIntervalRange(quickInterval, now, timezone);
    case 'FOR_ALL_TIME':
      return { startTs: 0, endTs: now };
  }
}

/**
 * The query for a time window at `now`. `maxDatapoints` is the server's value (maxDatapointsFrom
 * applies); `modes`, when given, are applied first as the picker applies them.
 */
export function resolveTimewindow(timewindow: Timewindow, now: number, maxDatapoints: number, modes?: TimewindowModes): TimewindowQuery {
  const window = modes ? normaliseTimewindow(timewindow, modes) : timewindow;
  const realtime = window.selectedTab === 'REALTIME';
  const { startTs, endTs } = rangeAt(window, now);
  const { type } = window.aggregation;
  if (type === 'NONE') {
    const { min, max } = datapointsLimits(maxDatapoints);
    const requested = Number.isFinite(window.aggregation.limit) ? Math.round(window.aggregation.limit) : Math.floor(max / 2);
    const limit = Math.min(max, Math.max(min, requested));
    return { startTs, endTs, interval: MIN_INTERVAL_MS, agg: type, limit, realtime };
  }
  const range = endTs - startTs;
  const interval = queryInterval((realtime ? window.realtime : window.history).interval, range, maxDatapoints);
  return { startTs, endTs, interval, agg: type, limit: Math.max(1, Math.ceil(range / interval)), realtime };
}
