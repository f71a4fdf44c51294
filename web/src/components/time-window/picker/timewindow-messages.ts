// The time window's texts: option labels and the short summary its button shows.
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { intervalText } from '../../interval-input/interval-input';
import type { QuickInterval } from '../model/quick-intervals';
import type { AggregationType, HistoryType, RealtimeType, Timewindow } from '../model/timewindow';
import { isKnownTimezone } from '../zoned-time/zoned-time';

export const QUICK_INTERVAL_MESSAGES = {
  YESTERDAY: { id: 'timewindow.yesterday' },
  DAY_BEFORE_YESTERDAY: { id: 'timewindow.day-before-yesterday' },
  PREVIOUS_WEEK: { id: 'timewindow.previous-week' },
  PREVIOUS_MONTH: { id: 'timewindow.previous-month' },
  PREVIOUS_QUARTER: { id: 'timewindow.previous-quarter' },
  PREVIOUS_HALF_YEAR: { id: 'timewindow.previous-half-year' },
  PREVIOUS_YEAR: { id: 'timewindow.previous-year' },
  CURRENT_DAY: { id: 'timewindow.current-day' },
  CURRENT_DAY_SO_FAR: { id: 'timewindow.current-day-so-far' },
  CURRENT_WEEK: { id: 'timewindow.current-week' },
  CURRENT_WEEK_SO_FAR: { id: 'timewindow.current-week-so-far' },
  CURRENT_MONTH: { id: 'timewindow.current-month' },
  CURRENT_MONTH_SO_FAR: { id: 'timewindow.current-month-so-far' },
  CURRENT_QUARTER: { id: 'timewindow.current-quarter' },
  CURRENT_QUARTER_SO_FAR: { id: 'timewindow.current-quarter-so-far' },
  CURRENT_HALF_YEAR: { id: 'timewindow.current-half-year' },
  CURRENT_HALF_YEAR_SO_FAR: { id: 'timewindow.current-half-year-so-far' },
  CURRENT_YEAR: { id: 'timewindow.current-year' },
  CURRENT_YEAR_SO_FAR: { id: 'timewindow.current-year-so-far' },
} satisfies Record<QuickInterval, MessageDescriptor>;

export const AGGREGATION_TYPE_MESSAGES = {
  MIN: { id: 'aggregation.min' },
  MAX: { id: 'aggregation.max' },
  AVG: { id: 'aggregation.avg' },
  SUM: { id: 'aggregation.sum' },
  COUNT: { id: 'aggregation.count' },
  NONE: { id: 'aggregation.none' },
} satisfies Record<AggregationType, MessageDescriptor>;

export const PERIOD_TYPE_MESSAGES = {
  LAST_INTERVAL: { id: 'timewindow.last' },
  FIXED: { id: 'timewindow.range' },
  INTERVAL: { id: 'timewindow.relative' },
  FOR_ALL_TIME: { id: 'timewindow.for-all-time' },
} satisfies Record<RealtimeType | HistoryType, MessageDescriptor>;

const summaries = {
  realtimeLast: { id: 'timewindow.realtime-last' },
  realtimeQuick: { id: 'timewindow.realtime-quick' },
  historyLast: { id: 'timewindow.history-last' },
} satisfies Record<string, MessageDescriptor>;

/** A short text for a time window, e.g. "Realtime · last 5 minutes", "Last 1 hour", "Yesterday" or a fixed range. */
export function timewindowSummary(intl: IntlShape, timewindow: Timewindow): string {
  if (timewindow.selectedTab === 'REALTIME') {
    const { realtimeType, timewindowMs, quickInterval } = timewindow.realtime;
    return realtimeType === 'LAST_INTERVAL'
      ? intl.formatMessage(summaries.realtimeLast, { interval: intervalText(intl, timewindowMs) })
      : intl.formatMessage(summaries.realtimeQuick, { interval: intl.formatMessage(QUICK_INTERVAL_MESSAGES[quickInterval]) });
  }
  const { historyType, timewindowMs, quickInterval, fixedTimewindow } = timewindow.history;
  switch (historyType) {
    case 'LAST_INTERVAL':
      return intl.formatMessage(summaries.historyLast, { interval: intervalText(intl, timewindowMs) });
    case 'INTERVAL':
      return intl.formatMessage(QUICK_INTERVAL_MESSAGES[quickInterval]);
    case 'FOR_ALL_TIME':
      return intl.formatMessage(PERIOD_TYPE_MESSAGES.FOR_ALL_TIME);
    case 'FIXED':
      return intl.formatDateTimeRange(fixedTimewindow.startTimeMs, fixedTimewindow.endTimeMs, {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: isKnownTimezone(timewindow.timezone) ? timewindow.timezone : undefined,
      });
  }
}
