// The time window's rules of spec sections 4, 5 and 6, each a pure function.
import { MIN_DATAPOINTS, maxDatapointsFrom } from '../../interval-input/interval-constants';
import { CURRENT_QUICK_INTERVALS } from './quick-intervals';
import type { AggregationType, RealtimeType, Timewindow, TimewindowHideFlag, TimewindowHideFlags } from './timewindow';
import { isKnownTimezone } from '../zoned-time/zoned-time';

/** Spec section 9: the least gap between a fixed period's start and end. */
export const MIN_FIXED_GAP_MS = 1000;

/** A fixed period as its inputs hold it: null while a field is empty. */
export interface FixedTimewindowInput {
  startTimeMs: number | null;
  endTimeMs: number | null;
}

export interface FixedTimewindowProblems {
  start?: 'required' | 'not-before-end';
  end?: 'required' | 'not-after-start' | 'after-now';
}

/** Spec section 5: the start at least 1 s before the end; the end at least 1 s after the start and not later than now. */
export function checkFixedTimewindow({ startTimeMs: start, endTimeMs: end }: FixedTimewindowInput, now: number): FixedTimewindowProblems {
  const problems: FixedTimewindowProblems = {};
  if (start === null) problems.start = 'required';
  if (end === null) problems.end = 'required';
  else if (end > now) problems.end = 'after-now';
  if (start !== null && end !== null && end - start < MIN_FIXED_GAP_MS) {
    problems.start = 'not-before-end';
    problems.end ??= 'not-after-start';
  }
  return problems;
}

/**
 * Spec section 5, out-of-range values are clamped: an edited start moves back to 1 s before the end
 * (or before now); an edited end moves back to now, or forward to 1 s after the start; when the
 * start leaves no second before now, the period becomes the last second up to now.
 */
export function clampFixedTimewindow(window: FixedTimewindowInput, edited: 'start' | 'end', now: number): FixedTimewindowInput {
  let { startTimeMs: start, endTimeMs: end } = window;
  if (edited === 'start' && start !== null) {
    start = Math.min(start, (end ?? now) - MIN_FIXED_GAP_MS);
  }
  if (edited === 'end' && end !== null) {
    end = Math.min(end, now);
    if (start !== null && end - start < MIN_FIXED_GAP_MS) {
      end = Math.min(start + MIN_FIXED_GAP_MS, now);
      start = Math.min(start, end - MIN_FIXED_GAP_MS);
    }
  }
  return { startTimeMs: start, endTimeMs: end };
}

export type AggregationLimitProblem = 'required' | 'not-whole' | 'out-of-range';

/** The datapoints limits of the aggregation limit check: 7 up to the server's maximum. */
export const datapointsLimits = (maxDatapoints: number) => ({ min: MIN_DATAPOINTS, max: maxDatapointsFrom(maxDatapoints) });

/** Spec section 5: with type NONE the limit is a whole number between the datapoints limits; other types have no limit rule. */
export function checkAggregationLimit(type: AggregationType, limit: number | null, maxDatapoints: number): AggregationLimitProblem | undefined {
  if (type !== 'NONE') return undefined;
  if (limit === null || Number.isNaN(limit)) return 'required';
  if (!Number.isInteger(limit)) return 'not-whole';
  const { min, max } = datapointsLimits(maxDatapoints);
  return limit < min || limit > max ? 'out-of-range' : undefined;
}

export type TimezoneProblem = 'required' | 'unknown';

/** Spec section 5: a time zone is required (message 'timezone.timezone-required'); a name Intl does not know is refused too. */
export function checkTimezone(timezone: string | null): TimezoneProblem | undefined {
  if (timezone === null || timezone.trim() === '') return 'required';
  return isKnownTimezone(timezone) ? undefined : 'unknown';
}

/**
 * Spec section 4, hide flags: hiding the last interval switches realtime to a quick interval unless
 * quick intervals are hidden too; hiding quick intervals switches realtime to the last interval
 * unless that is hidden. (The flags name realtime's options; history keeps all of its own.)
 */
export function setHideFlag<T extends TimewindowHideFlags & { realtime: { realtimeType: RealtimeType } }>(timewindow: T, flag: TimewindowHideFlag, hidden: boolean): T {
  const next = { ...timewindow, [flag]: hidden };
  if (hidden && flag === 'hideLastInterval' && !next.hideQuickInterval) next.realtime = { ...next.realtime, realtimeType: 'INTERVAL' };
  if (hidden && flag === 'hideQuickInterval' && !next.hideLastInterval) next.realtime = { ...next.realtime, realtimeType: 'LAST_INTERVAL' };
  return next;
}

/**
 * How a part of the picker shows: hidden parts are left out for a user, and shown disabled while the
 * time window is being edited (a widget's settings), so that they can be shown again.
 */
export type PartState = 'enabled' | 'disabled' | 'hidden';

const partState = (hidden: boolean, isEdit: boolean): PartState => (!hidden ? 'enabled' : isEdit ? 'disabled' : 'hidden');

export interface TimewindowParts {
  /** Everything about the window's period: tabs, types and their values ("hiding all intervals disables all interval controls"). */
  interval: PartState;
  lastInterval: PartState;
  quickInterval: PartState;
  aggregation: PartState;
  aggregationInterval: PartState;
  timezone: PartState;
}

export interface PickerMode {
  isEdit: boolean;
  /** The picker offers aggregation. */
  aggregation: boolean;
  /** The picker offers a time zone. */
  timezone: boolean;
}

export function timewindowParts(flags: Pick<Timewindow, TimewindowHideFlag>, { isEdit, aggregation, timezone }: PickerMode): TimewindowParts {
  const interval = partState(flags.hideInterval, isEdit);
  const withinInterval = (hidden: boolean): PartState => (interval === 'enabled' ? partState(hidden, isEdit) : interval);
  const aggregationPart: PartState = aggregation ? partState(flags.hideAggregation, isEdit) : 'hidden';
  return {
    interval,
    lastInterval: withinInterval(flags.hideLastInterval),
    quickInterval: withinInterval(flags.hideQuickInterval),
    aggregation: aggregationPart,
    aggregationInterval: aggregation ? partState(flags.hideAggInterval, isEdit) : 'hidden',
    timezone: timezone ? partState(flags.hideTimezone, isEdit) : 'hidden',
  };
}

/** Spec section 6: outside edit mode the picker is disabled when the interval is hidden and, when it offers aggregation, aggregation too. */
export function isPickerDisabled(flags: Pick<Timewindow, 'hideInterval' | 'hideAggregation'>, { isEdit, aggregation }: Pick<PickerMode, 'isEdit' | 'aggregation'>): boolean {
  return !isEdit && flags.hideInterval && (!aggregation || flags.hideAggregation);
}

export interface TimewindowModes {
  /** Spec section 4: history-only mode forces the history tab. */
  historyOnly: boolean;
  /** Spec section 4: FOR_ALL_TIME is a history type only when enabled. */
  forAllTimeEnabled: boolean;
}

/**
 * A time window as the picker's modes and hide flags allow it: the history tab in history-only
 * mode, the last interval instead of FOR_ALL_TIME when that is not enabled, a current quick
 * interval for realtime (realtime's choices are limited to the current ones, spec section 5), and
 * realtime's type switched away from a hidden option as setHideFlag would have done.
 */
export function normaliseTimewindow(timewindow: Timewindow, { historyOnly, forAllTimeEnabled }: TimewindowModes): Timewindow {
  let next = timewindow;
  if (historyOnly && next.selectedTab !== 'HISTORY') next = { ...next, selectedTab: 'HISTORY' };
  if (!forAllTimeEnabled && next.history.historyType === 'FOR_ALL_TIME') next = { ...next, history: { ...next.history, historyType: 'LAST_INTERVAL' } };
  if (!CURRENT_QUICK_INTERVALS.includes(next.realtime.quickInterval)) next = { ...next, realtime: { ...next.realtime, quickInterval: 'CURRENT_DAY' } };
  const hiddenType = next.realtime.realtimeType === 'LAST_INTERVAL' ? 'hideLastInterval' : 'hideQuickInterval';
  if (next[hiddenType]) next = setHideFlag(next, hiddenType, true);
  return next;
}
