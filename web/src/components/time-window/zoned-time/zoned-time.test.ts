import { describe, expect, it } from 'vitest';
import { dateTimeTextOf, isKnownTimezone, supportedTimezones, timestampOf, timestampOfDateTimeText, wallClockOf } from './zoned-time';

const wall = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) => ({ year, month, day, hour, minute, second });

describe('wall clocks in a time zone', () => {
  it('reads the wall clock of a zone', () => {
    expect(wallClockOf(Date.UTC(2024, 0, 15, 12, 0, 5), 'Europe/Berlin')).toEqual(wall(2024, 1, 15, 13, 0, 5));
    expect(wallClockOf(Date.UTC(2024, 6, 15, 12), 'Europe/Berlin')).toEqual(wall(2024, 7, 15, 14));
    expect(wallClockOf(Date.UTC(2024, 6, 15, 2), 'America/New_York')).toEqual(wall(2024, 7, 14, 22));
    expect(wallClockOf(Date.UTC(2024, 6, 15, 0), 'Asia/Kolkata')).toEqual(wall(2024, 7, 15, 5, 30));
  });

  it('finds the moment a wall clock shows a time', () => {
    expect(timestampOf(wall(2024, 1, 15, 13), 'Europe/Berlin')).toBe(Date.UTC(2024, 0, 15, 12));
    expect(timestampOf(wall(2024, 7, 14, 22), 'America/New_York')).toBe(Date.UTC(2024, 6, 15, 2));
    expect(timestampOf(wall(2024, 1, 1), 'UTC')).toBe(Date.UTC(2024, 0, 1));
  });

  it('moves a time the clocks skip past the gap, and takes the first of a time shown twice', () => {
    // Berlin: on 31 March 2024 clocks go from 02:00 to 03:00; on 27 October from 03:00 back to 02:00.
    expect(timestampOf(wall(2024, 3, 31, 2, 30), 'Europe/Berlin')).toBe(Date.UTC(2024, 2, 31, 1, 30));
    expect(timestampOf(wall(2024, 10, 27, 2, 30), 'Europe/Berlin')).toBe(Date.UTC(2024, 9, 27, 0, 30));
    expect(timestampOf(wall(2024, 3, 31, 3, 30), 'Europe/Berlin')).toBe(Date.UTC(2024, 2, 31, 1, 30));
  });

  it('writes and reads the text of a datetime-local input in a zone', () => {
    expect(dateTimeTextOf(Date.UTC(2024, 6, 1, 12, 30, 15), 'America/New_York')).toBe('2024-07-01T08:30:15');
    expect(timestampOfDateTimeText('2024-07-01T08:30:15', 'America/New_York')).toBe(Date.UTC(2024, 6, 1, 12, 30, 15));
    expect(timestampOfDateTimeText('2024-07-01T08:30', 'Europe/Berlin')).toBe(Date.UTC(2024, 6, 1, 6, 30));
    expect(timestampOfDateTimeText('', 'UTC')).toBeNull();
    expect(timestampOfDateTimeText('2024-07-01', 'UTC')).toBeNull();
  });

  it('knows the zones Intl knows, UTC first', () => {
    const zones = supportedTimezones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones.every(isKnownTimezone)).toBe(true);
    expect(isKnownTimezone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimezone('')).toBe(false);
  });
});
