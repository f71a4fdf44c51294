// Spec sections 3 and 9, quick intervals: calendar periods (yesterday, previous and current day, week,
// month, quarter, half-year, year; each current one also "so far", ending now), computed on the
// wall clock of the time window's zone. Weeks start on Monday (ISO 8601).
import { DAY_MS } from '../../interval-input/interval-rules';
import { isoWeekdayIndex, shiftDate, timestampOf, type WallClock, wallClockOf } from '../zoned-time/zoned-time';

type Period = 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'HALF_YEAR' | 'YEAR';

interface QuickIntervalShape {
  period: Period;
  /** 0 for the current period, -1 for the previous one… */
  periodsBack: number;
  /** Ends now instead of at the period's end. */
  soFar: boolean;
}

const current = (period: Period, soFar = false): QuickIntervalShape => ({ period, periodsBack: 0, soFar });
const previous = (period: Period, periodsBack = 1): QuickIntervalShape => ({ period, periodsBack: -periodsBack, soFar: false });

const SHAPES = {
  YESTERDAY: previous('DAY'),
  DAY_BEFORE_YESTERDAY: previous('DAY', 2),
  PREVIOUS_WEEK: previous('WEEK'),
  PREVIOUS_MONTH: previous('MONTH'),
  PREVIOUS_QUARTER: previous('QUARTER'),
  PREVIOUS_HALF_YEAR: previous('HALF_YEAR'),
  PREVIOUS_YEAR: previous('YEAR'),
  CURRENT_DAY: current('DAY'),
  CURRENT_DAY_SO_FAR: current('DAY', true),
  CURRENT_WEEK: current('WEEK'),
  CURRENT_WEEK_SO_FAR: current('WEEK', true),
  CURRENT_MONTH: current('MONTH'),
  CURRENT_MONTH_SO_FAR: current('MONTH', true),
  CURRENT_QUARTER: current('QUARTER'),
  CURRENT_QUARTER_SO_FAR: current('QUARTER', true),
  CURRENT_HALF_YEAR: current('HALF_YEAR'),
  CURRENT_HALF_YEAR_SO_FAR: current('HALF_YEAR', true),
  CURRENT_YEAR: current('YEAR'),
  CURRENT_YEAR_SO_FAR: current('YEAR', true),
} as const satisfies Record<string, QuickIntervalShape>;

export type QuickInterval = keyof typeof SHAPES;

/** Every quick interval, in the order a select offers them. */
export const QUICK_INTERVALS = Object.keys(SHAPES) as QuickInterval[];

/** Spec section 5: "quick-interval choices can be limited to the current ones" (realtime windows, which reach now). */
export const CURRENT_QUICK_INTERVALS: readonly QuickInterval[] = QUICK_INTERVALS.filter((interval) => SHAPES[interval].periodsBack === 0);

export const isQuickInterval = (value: string): value is QuickInterval => Object.hasOwn(SHAPES, value);

/** Spec section 9: 86400 s a day, a week 7 days, a month 30 days, a year 365 days. */
const NOMINAL_LENGTH: Readonly<Record<Period, number>> = {
  DAY: DAY_MS,
  WEEK: 7 * DAY_MS,
  MONTH: 30 * DAY_MS,
  QUARTER: 3 * 30 * DAY_MS,
  HALF_YEAR: 6 * 30 * DAY_MS,
  YEAR: 365 * DAY_MS,
};

/** A quick interval's length by the spec's fixed day counts, e.g. to offer aggregation intervals before the dates are known. */
export const quickIntervalLength = (interval: QuickInterval): number => NOMINAL_LENGTH[SHAPES[interval].period];

const MONTHS_IN: Readonly<Partial<Record<Period, number>>> = { MONTH: 1, QUARTER: 3, HALF_YEAR: 6, YEAR: 12 };

/** Midnight of the first day of the period holding `today`. */
function periodStart(period: Period, today: WallClock): WallClock {
  if (period === 'DAY') return shiftDate(today, {});
  if (period === 'WEEK') return shiftDate(today, { days: -isoWeekdayIndex(today) });
  const months = MONTHS_IN[period] ?? 1;
  const firstMonth = Math.floor((today.month - 1) / months) * months + 1;
  return shiftDate({ ...today, month: firstMonth, day: 1 }, {});
}

function shiftPeriods(start: WallClock, period: Period, count: number): WallClock {
  if (period === 'DAY') return shiftDate(start, { days: count });
  if (period === 'WEEK') return shiftDate(start, { days: 7 * count });
  return shiftDate(start, { months: (MONTHS_IN[period] ?? 1) * count });
}

export interface TimeRange {
  startTs: number;
  /** The start of the next period, or now for a "so far" interval. */
  endTs: number;
}

/** Where a quick interval starts and ends at `now`, by the calendar of `timezone`. */
export function quickIntervalRange(interval: QuickInterval, now: number, timezone: string): TimeRange {
  const { period, periodsBack, soFar } = SHAPES[interval];
  const start = shiftPeriods(periodStart(period, wallClockOf(now, timezone)), period, periodsBack);
  const startTs = timestampOf(start, timezone);
  const endTs = soFar ? now : timestampOf(shiftPeriods(start, period, 1), timezone);
  return { startTs, endTs };
}
