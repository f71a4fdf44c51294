// The picker's copy of a time window while it is edited (spec sections 4 and 5): fields the user
// emptied hold null, only the parts the user can change are checked, and Update needs a valid,
// changed copy.
import { checkInterval, type IntervalError } from '../../interval-input/interval-rules';
import { defaultAggregationInterval, fitAggregationInterval, LAST_INTERVAL_BOUNDS } from './interval-bounds';
import { quickIntervalLength } from './quick-intervals';
import type { AggregationType, HistoryWindow, RealtimeWindow, Timewindow, TimewindowTab } from './timewindow';
import {
  type AggregationLimitProblem,
  checkAggregationLimit,
  checkFixedTimewindow,
  checkTimezone,
  type FixedTimewindowInput,
  type FixedTimewindowProblems,
  type TimewindowParts,
  type TimezoneProblem,
} from './timewindow-rules';

export interface TimewindowDraft extends Omit<Timewindow, 'realtime' | 'history' | 'aggregation'> {
  realtime: Omit<RealtimeWindow, 'timewindowMs'> & { timewindowMs: number | null };
  history: Omit<HistoryWindow, 'timewindowMs' | 'fixedTimewindow'> & { timewindowMs: number | null; fixedTimewindow: FixedTimewindowInput };
  aggregation: { type: AggregationType; limit: number | null };
}

/**
 * The length of a tab's period as the picker knows it: the last interval, the fixed period, a quick
 * interval's nominal length (spec section 9) or, for all time, everything up to now. Null while a
 * field it depends on is empty.
 */
export function draftRange(draft: TimewindowDraft, tab: TimewindowTab, now: number): number | null {
  if (tab === 'REALTIME') {
    const { realtimeType, timewindowMs, quickInterval } = draft.realtime;
    return realtimeType === 'LAST_INTERVAL' ? timewindowMs : quickIntervalLength(quickInterval);
  }
  const { historyType, timewindowMs, quickInterval, fixedTimewindow } = draft.history;
  if (historyType === 'LAST_INTERVAL') return timewindowMs;
  if (historyType === 'INTERVAL') return quickIntervalLength(quickInterval);
  if (historyType === 'FOR_ALL_TIME') return now;
  const { startTimeMs, endTimeMs } = fixedTimewindow;
  return startTimeMs === null || endTimeMs === null ? null : endTimeMs - startTimeMs;
}

/**
 * Each tab whose period changed length since `before` gets the default aggregation interval of its
 * new range (range/200, as offered): a week drawn in the hour's 30-second buckets would be 20,160
 * points per line where 168 show its shape, and zooming in asks for finer ones. When there is no
 * `before` (the panel opening), every tab keeps its interval while its range still offers it.
 */
export function refitAggregationIntervals(before: TimewindowDraft | null, after: TimewindowDraft, now: number, maxDatapoints: number): TimewindowDraft {
  let next = after;
  const refit = <K extends 'realtime' | 'history'>(key: K, tab: TimewindowTab) => {
    const range = draftRange(next, tab, now);
    if (range === null || range <= 0 || (before !== null && range === draftRange(before, tab, now))) return;
    const interval = before === null ? fitAggregationInterval(next[key].interval, range, maxDatapoints) : defaultAggregationInterval(range, maxDatapoints);
    if (interval !== next[key].interval) next = { ...next, [key]: { ...next[key], interval } };
  };
  refit('realtime', 'REALTIME');
  refit('history', 'HISTORY');
  return next;
}

export interface DraftProblems {
  lastInterval?: IntervalError;
  fixed: FixedTimewindowProblems;
  limit?: AggregationLimitProblem;
  timezone?: TimezoneProblem;
}

/**
 * What stops a draft from being applied. Only the selected tab and option are checked (spec section
 * 5: the interval is required only when its tab and option are selected), and only parts the user
 * can change.
 */
export function draftProblems(draft: TimewindowDraft, parts: TimewindowParts, now: number, maxDatapoints: number): DraftProblems {
  const problems: DraftProblems = { fixed: {} };
  if (parts.interval === 'enabled') {
    const window = draft.selectedTab === 'REALTIME' ? draft.realtime : draft.history;
    const type = draft.selectedTab === 'REALTIME' ? draft.realtime.realtimeType : draft.history.historyType;
    // The last-interval hide flag is realtime's (see setHideFlag).
    const lastIntervalShown = draft.selectedTab === 'HISTORY' || parts.lastInterval === 'enabled';
    if (type === 'LAST_INTERVAL' && lastIntervalShown) {
      problems.lastInterval = checkInterval(window.timewindowMs, { ...LAST_INTERVAL_BOUNDS, required: true });
    }
    if (draft.selectedTab === 'HISTORY' && type === 'FIXED') problems.fixed = checkFixedTimewindow(draft.history.fixedTimewindow, now);
  }
  if (parts.aggregation === 'enabled') problems.limit = checkAggregationLimit(draft.aggregation.type, draft.aggregation.limit, maxDatapoints);
  if (parts.timezone === 'enabled') problems.timezone = checkTimezone(draft.timezone);
  return problems;
}

export function hasProblems({ lastInterval, fixed, limit, timezone }: DraftProblems): boolean {
  return Boolean(lastInterval || fixed.start || fixed.end || limit || timezone);
}

/** The time window a draft applies; a field left empty where it was not checked keeps the value it had. */
export function timewindowOfDraft(draft: TimewindowDraft, previous: Timewindow): Timewindow {
  const { startTimeMs, endTimeMs } = draft.history.fixedTimewindow;
  return {
    ...draft,
    realtime: { ...draft.realtime, timewindowMs: draft.realtime.timewindowMs ?? previous.realtime.timewindowMs },
    history: {
      ...draft.history,
      timewindowMs: draft.history.timewindowMs ?? previous.history.timewindowMs,
      fixedTimewindow: {
        startTimeMs: startTimeMs ?? previous.history.fixedTimewindow.startTimeMs,
        endTimeMs: endTimeMs ?? previous.history.fixedTimewindow.endTimeMs,
      },
    },
    aggregation: { ...draft.aggregation, limit: draft.aggregation.limit ?? previous.aggregation.limit },
  };
}

/** Whether two drafts (or time windows) hold the same values, whatever the order of their keys. */
export function sameDraft(first: unknown, second: unknown): boolean {
  if (Object.is(first, second)) return true;
  if (typeof first !== 'object' || typeof second !== 'object' || first === null || second === null) return false;
  const firstEntries = Object.entries(first);
  if (firstEntries.length !== Object.keys(second).length) return false;
  return firstEntries.every(([key, value]) => sameDraft(value, (second as Record<string, unknown>)[key]));
}
