// Spec section 9: datapoints and the aggregation intervals derived from a time window's range.
import { DURATION_SCALE } from '../unit-input/unit-rules';
import { DAY_MS } from './interval-rules';

const { SECONDS: SECOND, MINUTES: MINUTE, HOURS: HOUR } = DURATION_SCALE;

/** The aggregation intervals offered, in milliseconds, shortest first. */
export const AGGREGATION_INTERVALS: readonly number[] = [
  ...[1, 5, 10, 15, 30].map((count) => count * SECOND),
  ...[1, 2, 5, 10, 15, 30].map((count) => count * MINUTE),
  ...[1, 2, 5, 10, 12].map((count) => count * HOUR),
  ...[1, 7, 30].map((count) => count * DAY_MS),
];

export const DEFAULT_MAX_DATAPOINTS = 500;
export const MIN_DATAPOINTS = 7;
/** The default interval aims at this many datapoints. */
export const AVERAGE_DATAPOINTS = 200;

/** The server's maximum datapoints, 500 when it sends none; 7 or below becomes 8, so the maximum stays above the minimum. */
export function maxDatapointsFrom(serverValue: number | undefined): number {
  const value = serverValue ?? DEFAULT_MAX_DATAPOINTS;
  return value <= MIN_DATAPOINTS ? MIN_DATAPOINTS + 1 : value;
}

/** The shortest interval: the range split into the maximum number of datapoints. */
export const minIntervalFor = (rangeMs: number, maxDatapoints: number): number => rangeMs / maxDatapointsFrom(maxDatapoints);

/** The longest interval: the range split into the minimum number of datapoints. */
export const maxIntervalFor = (rangeMs: number): number => rangeMs / MIN_DATAPOINTS;

export const defaultIntervalFor = (rangeMs: number): number => rangeMs / AVERAGE_DATAPOINTS;

/** The aggregation intervals that give between the minimum and maximum number of datapoints over the range. */
export function allowedAggregationIntervals(rangeMs: number, maxDatapoints: number): number[] {
  const shortest = minIntervalFor(rangeMs, maxDatapoints);
  const longest = maxIntervalFor(rangeMs);
  return AGGREGATION_INTERVALS.filter((interval) => interval >= shortest && interval <= longest);
}
