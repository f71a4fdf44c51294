import { describe, expect, it } from 'vitest';
import { CURRENT_QUICK_INTERVALS, QUICK_INTERVALS, quickIntervalLength, quickIntervalRange } from './quick-intervals';

const DAY = 86_400_000;
// Wednesday 15 May 2024, 22:30 UTC: already Thursday 16 May, 00:30 in Berlin (UTC+2 in summer).
const NOW = Date.UTC(2024, 4, 15, 22, 30);
/** Midnight in Berlin on a date of 2024 in summer time (22:00 UTC the day before). */
const berlinSummerMidnight = (month: number, day: number) => Date.UTC(2024, month - 1, day) - 2 * 3_600_000;
const range = (startTs: number, endTs: number) => ({ startTs, endTs });

describe('quick intervals (spec sections 3 and 9)', () => {
  it('offers yesterday, the day before, the previous periods and each current period with a so-far variant', () => {
    expect(QUICK_INTERVALS).toHaveLength(19);
    expect(CURRENT_QUICK_INTERVALS).toEqual([
      'CURRENT_DAY', 'CURRENT_DAY_SO_FAR', 'CURRENT_WEEK', 'CURRENT_WEEK_SO_FAR', 'CURRENT_MONTH', 'CURRENT_MONTH_SO_FAR',
      'CURRENT_QUARTER', 'CURRENT_QUARTER_SO_FAR', 'CURRENT_HALF_YEAR', 'CURRENT_HALF_YEAR_SO_FAR', 'CURRENT_YEAR', 'CURRENT_YEAR_SO_FAR',
    ]);
  });

  it('measures periods with 86400 s a day, a week of 7 days, a month of 30 and a year of 365', () => {
    expect(quickIntervalLength('YESTERDAY')).toBe(86_400_000);
    expect(quickIntervalLength('CURRENT_DAY_SO_FAR')).toBe(DAY);
    expect(quickIntervalLength('PREVIOUS_WEEK')).toBe(7 * DAY);
    expect(quickIntervalLength('CURRENT_MONTH')).toBe(30 * DAY);
    expect(quickIntervalLength('PREVIOUS_QUARTER')).toBe(90 * DAY);
    expect(quickIntervalLength('CURRENT_HALF_YEAR_SO_FAR')).toBe(180 * DAY);
    expect(quickIntervalLength('PREVIOUS_YEAR')).toBe(365 * DAY);
  });

  it('counts days on the calendar of the selected zone', () => {
    expect(quickIntervalRange('CURRENT_DAY', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(5, 16), berlinSummerMidnight(5, 17)));
    expect(quickIntervalRange('CURRENT_DAY', NOW, 'UTC')).toEqual(range(Date.UTC(2024, 4, 15), Date.UTC(2024, 4, 16)));
    expect(quickIntervalRange('CURRENT_DAY_SO_FAR', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(5, 16), NOW));
    expect(quickIntervalRange('YESTERDAY', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(5, 15), berlinSummerMidnight(5, 16)));
    expect(quickIntervalRange('DAY_BEFORE_YESTERDAY', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(5, 14), berlinSummerMidnight(5, 15)));
  });

  it('starts weeks on Monday', () => {
    expect(quickIntervalRange('CURRENT_WEEK', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(5, 13), berlinSummerMidnight(5, 20)));
    expect(quickIntervalRange('PREVIOUS_WEEK', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(5, 6), berlinSummerMidnight(5, 13)));
    // Sunday 19 May belongs to the week that began on Monday 13 May.
    expect(quickIntervalRange('CURRENT_WEEK_SO_FAR', Date.UTC(2024, 4, 19, 12), 'UTC')).toEqual(range(Date.UTC(2024, 4, 13), Date.UTC(2024, 4, 19, 12)));
  });

  it('finds months, quarters, half-years and years, across a change of summer time', () => {
    expect(quickIntervalRange('CURRENT_MONTH', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(5, 1), berlinSummerMidnight(6, 1)));
    expect(quickIntervalRange('PREVIOUS_MONTH', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(4, 1), berlinSummerMidnight(5, 1)));
    expect(quickIntervalRange('CURRENT_QUARTER', NOW, 'Europe/Berlin')).toEqual(range(berlinSummerMidnight(4, 1), berlinSummerMidnight(7, 1)));
    // 1 January is in winter time (UTC+1): 23:00 UTC the day before.
    expect(quickIntervalRange('PREVIOUS_QUARTER', NOW, 'Europe/Berlin')).toEqual(range(Date.UTC(2023, 11, 31, 23), berlinSummerMidnight(4, 1)));
    expect(quickIntervalRange('CURRENT_HALF_YEAR', NOW, 'Europe/Berlin')).toEqual(range(Date.UTC(2023, 11, 31, 23), berlinSummerMidnight(7, 1)));
    expect(quickIntervalRange('PREVIOUS_HALF_YEAR', NOW, 'Europe/Berlin')).toEqual(range(Date.UTC(2023, 5, 30, 22), Date.UTC(2023, 11, 31, 23)));
    expect(quickIntervalRange('CURRENT_YEAR', NOW, 'Europe/Berlin')).toEqual(range(Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 11, 31, 23)));
    expect(quickIntervalRange('PREVIOUS_YEAR', NOW, 'Europe/Berlin')).toEqual(range(Date.UTC(2022, 11, 31, 23), Date.UTC(2023, 11, 31, 23)));
    expect(quickIntervalRange('CURRENT_YEAR_SO_FAR', NOW, 'UTC')).toEqual(range(Date.UTC(2024, 0, 1), NOW));
  });

  it('gives a day with a change of summer time its real length', () => {
    const afterChange = Date.UTC(2024, 3, 1, 12);
    const { startTs, endTs } = quickIntervalRange('YESTERDAY', afterChange, 'Europe/Berlin');
    expect(endTs - startTs).toBe(23 * 3_600_000);
  });
});
