import { describe, expect, it } from 'vitest';
import { aggregationIntervalBounds, defaultAggregationInterval, fitAggregationInterval, LAST_INTERVAL_BOUNDS, MAX_INTERVAL_MS, offeredAggregationIntervals, queryInterval } from './interval-bounds';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('time-window interval bounds (spec section 9)', () => {
  it('bounds a last interval between 1 second and 7300 days', () => {
    expect(MAX_INTERVAL_MS).toBe(7300 * 86_400_000);
    expect(LAST_INTERVAL_BOUNDS).toEqual({ min: SECOND, max: 7300 * DAY });
  });

  it('derives the aggregation bounds from the range: range/max datapoints to range/7, within 1 s and 7300 days', () => {
    expect(aggregationIntervalBounds(HOUR, 500)).toEqual({ min: 7_200, max: HOUR / 7 });
    expect(aggregationIntervalBounds(HOUR, 1000)).toEqual({ min: 3_600, max: HOUR / 7 });
    expect(aggregationIntervalBounds(2 * SECOND, 500)).toEqual({ min: SECOND, max: SECOND });
    expect(aggregationIntervalBounds(100_000 * DAY, 500).max).toBe(MAX_INTERVAL_MS);
  });

  it('offers the listed aggregation intervals that fit, or the nearest one when none does', () => {
    expect(offeredAggregationIntervals(HOUR, 500)).toEqual([10 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE, 5 * MINUTE]);
    expect(offeredAggregationIntervals(2 * SECOND, 500)).toEqual([SECOND]);
    expect(offeredAggregationIntervals(54 * 365 * DAY, 500)).toEqual([30 * DAY]);
  });

  it('defaults to the offered interval nearest above range/200', () => {
    // One hour: 18 s is asked, 30 s is the next offered.
    expect(defaultAggregationInterval(HOUR, 500)).toBe(30 * SECOND);
    // One day: 7.2 minutes is asked, 10 minutes is the next offered.
    expect(defaultAggregationInterval(DAY, 500)).toBe(10 * MINUTE);
  });

  it('keeps an aggregation interval the new range offers and replaces one it does not', () => {
    expect(fitAggregationInterval(5 * MINUTE, DAY, 500)).toBe(5 * MINUTE);
    expect(fitAggregationInterval(30 * SECOND, DAY, 500)).toBe(10 * MINUTE);
  });

  it('gives a query no more points than the maximum datapoints', () => {
    expect(queryInterval(30 * SECOND, HOUR, 500)).toBe(30 * SECOND);
    expect(queryInterval(SECOND, DAY, 500)).toBe(172_800);
    expect(queryInterval(DAY, HOUR, 500)).toBe(514_285);
    expect(queryInterval(MINUTE, 2 * SECOND, 500)).toBe(SECOND);
    // A server maximum of 7 or below counts as 8.
    expect(queryInterval(SECOND, HOUR, 5)).toBe(HOUR / 8);
  });
});
