import { describe, expect, it } from 'vitest';
import { resolveTimewindow } from './resolve-timewindow';
import { defaultTimewindow, type HistoryWindow, type Timewindow } from './timewindow';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Wednesday 15 May 2024, 12:00 UTC.
const NOW = Date.UTC(2024, 4, 15, 12);

const realtime = (): Timewindow => defaultTimewindow(NOW, { timezone: 'UTC' });
const history = (changes: Partial<HistoryWindow>, timezone = 'UTC'): Timewindow => {
  const timewindow = realtime();
  return { ...timewindow, selectedTab: 'HISTORY', timezone, history: { ...timewindow.history, ...changes } };
};

describe('resolving a time window into a query', () => {
  it('takes the last hour up to now for realtime, 30 s apart: 120 points', () => {
    expect(resolveTimewindow(realtime(), NOW, 500)).toEqual({ startTs: NOW - HOUR, endTs: NOW, interval: 30 * SECOND, agg: 'AVG', limit: 120, realtime: true });
  });

  it('takes a fixed period, widening a 1 s interval so that a day holds 500 points', () => {
    const timewindow = history({ historyType: 'FIXED', interval: SECOND, fixedTimewindow: { startTimeMs: NOW - DAY, endTimeMs: NOW } });
    expect(resolveTimewindow(timewindow, NOW, 500)).toEqual({ startTs: NOW - DAY, endTs: NOW, interval: 172_800, agg: 'AVG', limit: 500, realtime: false });
  });

  it('narrows an interval that would give fewer than 7 points', () => {
    const timewindow = history({ historyType: 'LAST_INTERVAL', timewindowMs: HOUR, interval: DAY });
    // An hour over 514,285 ms: 7 whole intervals and 5 ms of an eighth.
    expect(resolveTimewindow(timewindow, NOW, 500)).toMatchObject({ startTs: NOW - HOUR, interval: 514_285, limit: 8 });
  });

  it('reads a quick interval on the calendar of the window’s zone', () => {
    const timewindow = history({ historyType: 'INTERVAL', quickInterval: 'YESTERDAY', interval: 10 * MINUTE }, 'Asia/Tokyo');
    // Tokyo is UTC+9: 15 May 12:00 UTC is 21:00 there, yesterday began on 14 May at 15:00 UTC of 13 May.
    expect(resolveTimewindow(timewindow, NOW, 500)).toEqual({
      startTs: Date.UTC(2024, 4, 13, 15),
      endTs: Date.UTC(2024, 4, 14, 15),
      interval: 10 * MINUTE,
      agg: 'AVG',
      limit: 144,
      realtime: false,
    });
  });

  it('counts the hours of a day with a change of summer time', () => {
    const timewindow = history({ historyType: 'INTERVAL', quickInterval: 'YESTERDAY', interval: HOUR }, 'Europe/Berlin');
    expect(resolveTimewindow(timewindow, Date.UTC(2024, 3, 1, 12), 500)).toMatchObject({ endTs: Date.UTC(2024, 2, 31, 22), interval: HOUR, limit: 23 });
  });

  it('reaches into the future for a realtime current day', () => {
    const timewindow = realtime();
    timewindow.realtime = { ...timewindow.realtime, realtimeType: 'INTERVAL', quickInterval: 'CURRENT_DAY', interval: 10 * MINUTE };
    expect(resolveTimewindow(timewindow, NOW, 500)).toMatchObject({ startTs: Date.UTC(2024, 4, 15), endTs: Date.UTC(2024, 4, 16), limit: 144, realtime: true });
  });

  it('asks for everything up to now for all time', () => {
    const query = resolveTimewindow(history({ historyType: 'FOR_ALL_TIME', interval: DAY }), NOW, 500);
    expect(query).toMatchObject({ startTs: 0, endTs: NOW, interval: Math.ceil(NOW / 500), limit: 500 });
  });

  it('sends the limit for type NONE, bounded to the datapoints limits, and a 1 s interval', () => {
    const none = (limit: number) => ({ ...realtime(), aggregation: { type: 'NONE' as const, limit } });
    expect(resolveTimewindow(none(100), NOW, 500)).toEqual({ startTs: NOW - HOUR, endTs: NOW, interval: SECOND, agg: 'NONE', limit: 100, realtime: true });
    expect(resolveTimewindow(none(10_000), NOW, 500).limit).toBe(500);
    expect(resolveTimewindow(none(1), NOW, 500).limit).toBe(7);
  });

  it('applies the picker’s modes when given', () => {
    expect(resolveTimewindow(realtime(), NOW, 500, { historyOnly: true, forAllTimeEnabled: false })).toMatchObject({ startTs: NOW - HOUR, realtime: false });
  });
});
