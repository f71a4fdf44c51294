import { describe, expect, it } from 'vitest';
import {
  AGGREGATION_INTERVALS,
  allowedAggregationIntervals,
  defaultIntervalFor,
  maxDatapointsFrom,
  maxIntervalFor,
  minIntervalFor,
} from './interval-constants';

const SECOND = 1_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('datapoints and aggregation intervals (spec section 9)', () => {
  it('offers 1 second to 30 days, shortest first', () => {
    expect(AGGREGATION_INTERVALS).toHaveLength(19);
    expect(AGGREGATION_INTERVALS.slice(0, 6)).toEqual([1_000, 5_000, 10_000, 15_000, 30_000, 60_000]);
    expect(AGGREGATION_INTERVALS.slice(-4)).toEqual([43_200_000, 86_400_000, 604_800_000, 2_592_000_000]);
  });

  it('takes the maximum datapoints from the server, 500 by default, and 8 when it is 7 or below', () => {
    expect(maxDatapointsFrom(undefined)).toBe(500);
    expect(maxDatapointsFrom(1000)).toBe(1000);
    expect(maxDatapointsFrom(8)).toBe(8);
    expect(maxDatapointsFrom(7)).toBe(8);
    expect(maxDatapointsFrom(0)).toBe(8);
  });

  it('derives the shortest, longest and default interval from the range', () => {
    expect(minIntervalFor(HOUR, 500)).toBe(7_200);
    expect(minIntervalFor(DAY, 500)).toBe(172_800);
    expect(minIntervalFor(HOUR, 1000)).toBe(3_600);
    expect(minIntervalFor(7 * DAY, 5)).toBe(75_600_000);
    expect(maxIntervalFor(7 * DAY)).toBe(DAY);
    expect(maxIntervalFor(HOUR)).toBeCloseTo(514_285.714, 2);
    expect(defaultIntervalFor(HOUR)).toBe(18_000);
    expect(defaultIntervalFor(DAY)).toBe(432_000);
  });

  it('allows the aggregation intervals between the shortest and the longest', () => {
    // One hour: 7.2 s to about 8 min 34 s.
    expect(allowedAggregationIntervals(HOUR, 500)).toEqual([10 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE, 5 * MINUTE]);
    // One day: 2 min 52.8 s to about 3 h 25 min 43 s.
    expect(allowedAggregationIntervals(DAY, 500)).toEqual([5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR]);
    // Seven days with a server maximum of 5 (used as 8): 21 hours to 1 day.
    expect(allowedAggregationIntervals(7 * DAY, 5)).toEqual([DAY]);
    expect(allowedAggregationIntervals(HOUR, 7)).toEqual([]);
  });
});
