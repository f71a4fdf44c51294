// Spec section 3, time window: what a chart shows (realtime or history), how its points are
// aggregated, in which time zone, and which parts of the picker are hidden from the user.
// Spec section 9: the defaults (one hour, AVG with half the maximum datapoints, the last day).
import { DAY_MS } from '../../interval-input/interval-rules';
import { DEFAULT_MAX_DATAPOINTS, maxDatapointsFrom } from '../../interval-input/interval-constants';
import { DURATION_SCALE } from '../../unit-input/unit-rules';
import { defaultAggregationInterval } from './interval-bounds';
import type { QuickInterval } from './quick-intervals';
import { browserTimezone } from '../zoned-time/zoned-time';

export type TimewindowTab = 'REALTIME' | 'HISTORY';

/** LAST_INTERVAL: the last timewindowMs up to now; INTERVAL: a quick interval. */
export type RealtimeType = 'LAST_INTERVAL' | 'INTERVAL';

/** FIXED: between two moments; FOR_ALL_TIME only where the picker enables it. */
export type HistoryType = 'LAST_INTERVAL' | 'FIXED' | 'INTERVAL' | 'FOR_ALL_TIME';

export type AggregationType = 'MIN' | 'MAX' | 'AVG' | 'SUM' | 'COUNT' | 'NONE';

export const REALTIME_TYPES: readonly RealtimeType[] = ['LAST_INTERVAL', 'INTERVAL'];
export const HISTORY_TYPES: readonly HistoryType[] = ['LAST_INTERVAL', 'FIXED', 'INTERVAL', 'FOR_ALL_TIME'];
export const AGGREGATION_TYPES: readonly AggregationType[] = ['MIN', 'MAX', 'AVG', 'SUM', 'COUNT', 'NONE'];

export interface FixedTimewindow {
  startTimeMs: number;
  endTimeMs: number;
}

export interface RealtimeWindow {
  realtimeType: RealtimeType;
  /** The length of the last interval, in milliseconds. */
  timewindowMs: number;
  /** The aggregation interval (one datapoint per interval), in milliseconds. */
  interval: number;
  quickInterval: QuickInterval;
}

export interface HistoryWindow {
  historyType: HistoryType;
  timewindowMs: number;
  interval: number;
  fixedTimewindow: FixedTimewindow;
  quickInterval: QuickInterval;
}

export interface Aggregation {
  type: AggregationType;
  /** How many datapoints to fetch; used with type NONE. */
  limit: number;
}

/** The hide flags: parts of the picker a non-editing user does not see (spec sections 3 and 4). */
export interface TimewindowHideFlags {
  hideInterval: boolean;
  hideLastInterval: boolean;
  hideQuickInterval: boolean;
  hideAggregation: boolean;
  hideAggInterval: boolean;
  hideTimezone: boolean;
}

export type TimewindowHideFlag = keyof TimewindowHideFlags;

export const HIDE_FLAGS: readonly TimewindowHideFlag[] = ['hideInterval', 'hideLastInterval', 'hideQuickInterval', 'hideAggregation', 'hideAggInterval', 'hideTimezone'];

export interface Timewindow extends TimewindowHideFlags {
  selectedTab: TimewindowTab;
  realtime: RealtimeWindow;
  history: HistoryWindow;
  aggregation: Aggregation;
  /** An IANA zone name, e.g. 'Europe/Berlin'; quick intervals and fixed times are read in it. */
  timezone: string;
}

export const HOUR_MS = DURATION_SCALE.HOURS;
export const DEFAULT_TIMEWINDOW_MS = HOUR_MS;

/** Spec section 5: the default fixed period, the last day up to now. */
export const lastDayWindow = (now: number): FixedTimewindow => ({ startTimeMs: now - DAY_MS, endTimeMs: now });

/** Spec section 9: AVG with a limit of half the maximum datapoints. */
export const defaultAggregation = (maxDatapoints: number = DEFAULT_MAX_DATAPOINTS): Aggregation => ({
  type: 'AVG',
  limit: Math.floor(maxDatapointsFrom(maxDatapoints) / 2),
});

export interface TimewindowDefaultsOptions {
  /** The server's maximum datapoints; 500 when not given. */
  maxDatapoints?: number;
  /** Defaults to the browser's zone. */
  timezone?: string;
}

/** A new time window (spec section 9): realtime, the last hour, AVG; history's fixed period is the last day. */
export function defaultTimewindow(now: number, { maxDatapoints = DEFAULT_MAX_DATAPOINTS, timezone = browserTimezone() }: TimewindowDefaultsOptions = {}): Timewindow {
  const interval = defaultAggregationInterval(DEFAULT_TIMEWINDOW_MS, maxDatapoints);
  return {
    selectedTab: 'REALTIME',
    realtime: { realtimeType: 'LAST_INTERVAL', timewindowMs: DEFAULT_TIMEWINDOW_MS, interval, quickInterval: 'CURRENT_DAY' },
    history: {
      historyType: 'LAST_INTERVAL',
      timewindowMs: DEFAULT_TIMEWINDOW_MS,
      interval,
      fixedTimewindow: lastDayWindow(now),
      quickInterval: 'CURRENT_DAY',
    },
    aggregation: defaultAggregation(maxDatapoints),
    timezone,
    hideInterval: false,
    hideLastInterval: false,
    hideQuickInterval: false,
    hideAggregation: false,
    hideAggInterval: false,
    hideTimezone: false,
  };
}
