// Calendar dates and wall-clock times in a named time zone, through the browser's Intl API
// (spec section 3, time window timezone). No date library: the few calendar steps the time window
// needs (start of a day, week, month…) are done on UTC dates, whose arithmetic has no DST.

/** A wall-clock time in some time zone; month 1-12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone a user's browser runs in, the default time zone of a time window. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** True for a zone name Intl knows, e.g. 'Europe/Berlin' or 'UTC'. */
export function isKnownTimezone(timezone: string): boolean {
  if (timezone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones to choose from: the browser's list (Intl.supportedValuesOf) with UTC, which some
 * engines leave out; only UTC and the browser's own zone where the list is not available.
 */
export function supportedTimezones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserTimezone()];
  return ['UTC', ...listed.filter((timezone) => timezone !== 'UTC')];
}

// One formatter per zone; bounded, since zones may come from stored or typed values.
const MAX_CACHED_FORMATTERS = 64;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    if (formatters.size >= MAX_CACHED_FORMATTERS) formatters.clear();
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall clock in `timezone` at the moment `timestamp` (to the second). */
export function wallClockOf(timestamp: number, timezone: string): WallClock {
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timezone).formatToParts(timestamp)) {
    if (part.type in wall) wall[part.type as keyof WallClock] = Number(part.value);
  }
  return wall;
}

const utcOf = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far `timezone` is ahead of UTC at `timestamp`, in milliseconds. */
export function offsetAt(timestamp: number, timezone: string): number {
  const wholeSecond = Math.floor(timestamp / 1000) * 1000;
  return utcOf(wallClockOf(wholeSecond, timezone)) - wholeSecond;
}

/**
 * The moment a wall clock in `timezone` shows `wall`. A time the clocks skip (a DST gap) gives the
 * moment the same distance after the gap; a time they show twice gives the first of the two.
 */
export function timestampOf(wall: WallClock, timezone: string): number {
  const asUtc = utcOf(wall);
  const firstGuess = asUtc - offsetAt(asUtc, timezone);
  const offset = offsetAt(firstGuess, timezone);
  const candidate = asUtc - offset;
  // In an overlap both offsets fit; the larger one (summer time) is the earlier moment.
  const earlier = asUtc - offsetAt(candidate - 3_600_000, timezone);
  return utcOf(wallClockOf(earlier, timezone)) === asUtc && earlier < candidate ? earlier : candidate;
}

/** Midnight of a date moved by whole days, months or years; a day past a month's end carries into the next month. */
export function shiftDate(wall: WallClock, { days = 0, months = 0, years = 0 }: { days?: number; months?: number; years?: number }): WallClock {
  const date = new Date(Date.UTC(wall.year + years, wall.month - 1 + months, wall.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0, second: 0 };
}

/** 0 for Monday to 6 for Sunday (weeks start on Monday, as ISO 8601 counts them). */
export function isoWeekdayIndex(wall: WallClock): number {
  return (new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A moment as the "YYYY-MM-DDTHH:mm:ss" a datetime-local input shows, on the wall clock of `timezone`. */
export function dateTimeTextOf(timestamp: number, timezone: string): string {
  const wall = wallClockOf(timestamp, timezone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

const DATE_TIME_TEXT = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** A datetime-local input's text read on the wall clock of `timezone`; null while empty or incomplete. */
export function timestampOfDateTimeText(text: string, timezone: string): number | null {
  const match = DATE_TIME_TEXT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((group) => Number(group ?? 0)) as [number, number, number, number, number, number];
  return timestampOf({ year, month, day, hour, minute, second }, timezone);
}
