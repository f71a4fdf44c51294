// Spec section 9, the intervals of a time window: a last interval lies between a minimum and a
// maximum bound; an aggregation interval splits the window's range into at least the minimum and
// at most the maximum number of datapoints, by default into about 200.
//
// The spec leaves the base unit of the maximum bound (7300 of it) and the minimum interval open.
// Here the base unit is a day, so the longest window is 7300 days (20 years of 365 days), and the
// minimum interval is one second, the finest step the interval input takes.
import { AGGREGATION_INTERVALS, allowedAggregationIntervals, defaultIntervalFor, maxDatapointsFrom, maxIntervalFor, minIntervalFor } from '../../interval-input/interval-constants';
import { DAY_MS, type IntervalBounds } from '../../interval-input/interval-rules';
import { DURATION_SCALE } from '../../unit-input/unit-rules';

export const MIN_INTERVAL_MS = DURATION_SCALE.SECONDS;
export const MAX_INTERVAL_BASE_UNIT_MS = DAY_MS;
export const MAX_INTERVAL_MS = 7300 * MAX_INTERVAL_BASE_UNIT_MS;

/** The bounds of a last interval (a window's length up to now). */
export const LAST_INTERVAL_BOUNDS: Readonly<IntervalBounds> = { min: MIN_INTERVAL_MS, max: MAX_INTERVAL_MS };

const withinIntervalBounds = (ms: number) => Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, ms));

/** The shortest and longest aggregation interval over a range, each kept within the interval bounds. */
export function aggregationIntervalBounds(rangeMs: number, maxDatapoints: number): { min: number; max: number } {
  return {
    min: withinIntervalBounds(minIntervalFor(rangeMs, maxDatapoints)),
    max: withinIntervalBounds(maxIntervalFor(rangeMs)),
  };
}

/**
 * The aggregation intervals a select offers for a range. When none of the listed ones fits (a range
 * of a few seconds, or decades), the nearest one is offered alone; resolving the window bounds it.
 */
export function offeredAggregationIntervals(rangeMs: number, maxDatapoints: number): number[] {
  const allowed = allowedAggregationIntervals(rangeMs, maxDatapoints);
  if (allowed.length > 0) return allowed;
  const tooShort = AGGREGATION_INTERVALS.every((interval) => interval < minIntervalFor(rangeMs, maxDatapoints));
  const nearest = tooShort ? AGGREGATION_INTERVALS.at(-1) : AGGREGATION_INTERVALS[0];
  return nearest === undefined ? [] : [nearest];
}

/** The offered interval nearest above range/200 (spec section 9, "average"), else the longest offered. */
export function defaultAggregationInterval(rangeMs: number, maxDatapoints: number): number {
  const offered = offeredAggregationIntervals(rangeMs, maxDatapoints);
  const target = defaultIntervalFor(rangeMs);
  return offered.find((interval) => interval >= target) ?? offered.at(-1) ?? MIN_INTERVAL_MS;
}

/** An aggregation interval kept when the range still offers it, otherwise the range's default. */
export function fitAggregationInterval(interval: number, rangeMs: number, maxDatapoints: number): number {
  return offeredAggregationIntervals(rangeMs, maxDatapoints).includes(interval) ? interval : defaultAggregationInterval(rangeMs, maxDatapoints);
}

/**
 * The interval a query uses: whole milliseconds, at least range/maximum datapoints so that the
 * range holds no more points than the server allows, and otherwise at most range/7 and within the
 * interval bounds. Where those disagree (a range under 7 seconds), fewer points win.
 */
export function queryInterval(interval: number, rangeMs: number, maxDatapoints: number): number {
  const fewestAllowed = Math.max(MIN_INTERVAL_MS, Math.ceil(rangeMs / maxDatapointsFrom(maxDatapoints)));
  const { max } = aggregationIntervalBounds(rangeMs, maxDatapoints);
  return Math.max(fewestAllowed, Math.min(Math.round(interval), Math.floor(max)));
}
