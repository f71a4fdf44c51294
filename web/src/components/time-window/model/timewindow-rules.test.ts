import { describe, expect, it } from 'vitest';
import { defaultAggregation, defaultTimewindow, lastDayWindow, type Timewindow } from './timewindow';
import {
  checkAggregationLimit,
  checkFixedTimewindow,
  checkTimezone,
  clampFixedTimewindow,
  isPickerDisabled,
  normaliseTimewindow,
  setHideFlag,
  timewindowParts,
} from './timewindow-rules';

const NOW = Date.UTC(2024, 4, 15, 12);
const DAY = 86_400_000;
const fixed = (startTimeMs: number | null, endTimeMs: number | null) => ({ startTimeMs, endTimeMs });
const base = (): Timewindow => defaultTimewindow(NOW, { timezone: 'UTC' });
const PARTS = { isEdit: false, aggregation: true, timezone: true };

describe('time-window defaults (spec sections 5 and 9)', () => {
  it('is realtime, the last hour, AVG with half the maximum datapoints, history fixed on the last day', () => {
    const timewindow = defaultTimewindow(NOW, { timezone: 'Europe/Berlin' });
    expect(timewindow.selectedTab).toBe('REALTIME');
    expect(timewindow.realtime).toMatchObject({ realtimeType: 'LAST_INTERVAL', timewindowMs: 3_600_000 });
    expect(timewindow.history).toMatchObject({ timewindowMs: 3_600_000, fixedTimewindow: { startTimeMs: NOW - DAY, endTimeMs: NOW } });
    expect(timewindow.aggregation).toEqual({ type: 'AVG', limit: 250 });
    expect(timewindow.timezone).toBe('Europe/Berlin');
    expect(defaultTimewindow(NOW, { maxDatapoints: 1000 }).aggregation.limit).toBe(500);
  });

  it('takes the last day up to now as the fixed period', () => {
    expect(lastDayWindow(NOW)).toEqual({ startTimeMs: NOW - 86_400_000, endTimeMs: NOW });
  });

  it('halves the maximum datapoints the server sends, 8 for a value of 7 or below', () => {
    expect(defaultAggregation(300)).toEqual({ type: 'AVG', limit: 150 });
    expect(defaultAggregation(5).limit).toBe(4);
  });
});

describe('fixed period rules (spec section 5)', () => {
  it('wants the start at least 1 s before the end', () => {
    expect(checkFixedTimewindow(fixed(NOW - 1000, NOW), NOW)).toEqual({});
    expect(checkFixedTimewindow(fixed(NOW - 999, NOW), NOW)).toEqual({ start: 'not-before-end', end: 'not-after-start' });
    expect(checkFixedTimewindow(fixed(NOW, NOW - DAY), NOW)).toEqual({ start: 'not-before-end', end: 'not-after-start' });
  });

  it('wants the end not later than now', () => {
    expect(checkFixedTimewindow(fixed(NOW - DAY, NOW + 1), NOW)).toEqual({ end: 'after-now' });
  });

  it('requires both', () => {
    expect(checkFixedTimewindow(fixed(null, null), NOW)).toEqual({ start: 'required', end: 'required' });
  });

  it('clamps an edited start to 1 s before the end', () => {
    expect(clampFixedTimewindow(fixed(NOW - 500, NOW - 60_000 + 1), 'start', NOW)).toEqual(fixed(NOW - 61_000 + 1, NOW - 60_000 + 1));
    expect(clampFixedTimewindow(fixed(NOW - DAY, NOW), 'start', NOW)).toEqual(fixed(NOW - DAY, NOW));
    expect(clampFixedTimewindow(fixed(NOW + DAY, null), 'start', NOW)).toEqual(fixed(NOW - 1000, null));
  });

  it('clamps an edited end to now, and to 1 s after the start', () => {
    expect(clampFixedTimewindow(fixed(NOW - DAY, NOW + DAY), 'end', NOW)).toEqual(fixed(NOW - DAY, NOW));
    expect(clampFixedTimewindow(fixed(NOW - DAY, NOW - 2 * DAY), 'end', NOW)).toEqual(fixed(NOW - DAY, NOW - DAY + 1000));
    // A start in the last second leaves no room: the period becomes the last second up to now.
    expect(clampFixedTimewindow(fixed(NOW - 200, NOW - 300), 'end', NOW)).toEqual(fixed(NOW - 1000, NOW));
  });
});

describe('aggregation limit (spec section 5)', () => {
  it('with type NONE wants a whole number between 7 and the maximum datapoints', () => {
    expect(checkAggregationLimit('NONE', 7, 500)).toBeUndefined();
    expect(checkAggregationLimit('NONE', 500, 500)).toBeUndefined();
    expect(checkAggregationLimit('NONE', 6, 500)).toBe('out-of-range');
    expect(checkAggregationLimit('NONE', 501, 500)).toBe('out-of-range');
    expect(checkAggregationLimit('NONE', 700, 1000)).toBeUndefined();
    expect(checkAggregationLimit('NONE', 9, 5)).toBe('out-of-range');
    expect(checkAggregationLimit('NONE', 10.5, 500)).toBe('not-whole');
    expect(checkAggregationLimit('NONE', null, 500)).toBe('required');
  });

  it('has no limit rule for the other types', () => {
    for (const type of ['MIN', 'MAX', 'AVG', 'SUM', 'COUNT'] as const) expect(checkAggregationLimit(type, null, 500)).toBeUndefined();
    expect(checkAggregationLimit('AVG', 100_000, 500)).toBeUndefined();
  });
});

describe('time zone (spec section 5)', () => {
  it('is required and must be a zone the browser knows', () => {
    expect(checkTimezone('')).toBe('required');
    expect(checkTimezone(null)).toBe('required');
    expect(checkTimezone('Nowhere/Special')).toBe('unknown');
    expect(checkTimezone('Asia/Tokyo')).toBeUndefined();
  });
});

describe('hide flags (spec sections 4 and 6)', () => {
  it('hiding the last interval switches realtime to a quick interval, unless those are hidden too', () => {
    expect(setHideFlag(base(), 'hideLastInterval', true).realtime.realtimeType).toBe('INTERVAL');
    const quickHidden = { ...base(), hideQuickInterval: true };
    expect(setHideFlag(quickHidden, 'hideLastInterval', true).realtime.realtimeType).toBe('LAST_INTERVAL');
  });

  it('hiding quick intervals switches realtime to the last interval, unless that is hidden', () => {
    const quick = { ...base(), realtime: { ...base().realtime, realtimeType: 'INTERVAL' as const } };
    expect(setHideFlag(quick, 'hideQuickInterval', true).realtime.realtimeType).toBe('LAST_INTERVAL');
    expect(setHideFlag({ ...quick, hideLastInterval: true }, 'hideQuickInterval', true).realtime.realtimeType).toBe('INTERVAL');
  });

  it('showing a part again leaves the type as it is', () => {
    const hidden = setHideFlag(base(), 'hideLastInterval', true);
    const shown = setHideFlag(hidden, 'hideLastInterval', false);
    expect(shown).toMatchObject({ hideLastInterval: false, realtime: { realtimeType: 'INTERVAL' } });
  });

  it('leaves hidden parts out for a user and shows them disabled while editing', () => {
    const flags = { ...base(), hideAggInterval: true, hideTimezone: true };
    expect(timewindowParts(flags, PARTS)).toEqual({
      interval: 'enabled', lastInterval: 'enabled', quickInterval: 'enabled', aggregation: 'enabled', aggregationInterval: 'hidden', timezone: 'hidden',
    });
    expect(timewindowParts(flags, { ...PARTS, isEdit: true })).toMatchObject({ aggregationInterval: 'disabled', timezone: 'disabled' });
  });

  it('hiding the interval disables every interval control', () => {
    const parts = timewindowParts({ ...base(), hideInterval: true }, { ...PARTS, isEdit: true });
    expect(parts).toMatchObject({ interval: 'disabled', lastInterval: 'disabled', quickInterval: 'disabled', aggregation: 'enabled' });
  });

  it('leaves out aggregation and time zone where the picker does not offer them', () => {
    expect(timewindowParts(base(), { isEdit: true, aggregation: false, timezone: false })).toMatchObject({
      aggregation: 'hidden', aggregationInterval: 'hidden', timezone: 'hidden',
    });
  });

  it('disables the picker for a user when the interval is hidden, and aggregation too where it is offered', () => {
    const intervalHidden = { ...base(), hideInterval: true };
    expect(isPickerDisabled(intervalHidden, { isEdit: false, aggregation: false })).toBe(true);
    expect(isPickerDisabled(intervalHidden, { isEdit: false, aggregation: true })).toBe(false);
    expect(isPickerDisabled({ ...intervalHidden, hideAggregation: true }, { isEdit: false, aggregation: true })).toBe(true);
    expect(isPickerDisabled({ ...intervalHidden, hideAggregation: true }, { isEdit: true, aggregation: true })).toBe(false);
    expect(isPickerDisabled(base(), { isEdit: false, aggregation: false })).toBe(false);
  });
});

describe('picker modes (spec section 4)', () => {
  const modes = { historyOnly: false, forAllTimeEnabled: false };

  it('history-only mode forces the history tab', () => {
    expect(normaliseTimewindow(base(), { ...modes, historyOnly: true }).selectedTab).toBe('HISTORY');
    expect(normaliseTimewindow(base(), modes).selectedTab).toBe('REALTIME');
  });

  it('offers FOR_ALL_TIME only when enabled', () => {
    const allTime = { ...base(), history: { ...base().history, historyType: 'FOR_ALL_TIME' as const } };
    expect(normaliseTimewindow(allTime, modes).history.historyType).toBe('LAST_INTERVAL');
    expect(normaliseTimewindow(allTime, { ...modes, forAllTimeEnabled: true }).history.historyType).toBe('FOR_ALL_TIME');
  });

  it('limits realtime to the current quick intervals', () => {
    const yesterday = { ...base(), realtime: { ...base().realtime, quickInterval: 'YESTERDAY' as const } };
    expect(normaliseTimewindow(yesterday, modes).realtime.quickInterval).toBe('CURRENT_DAY');
  });

  it('moves realtime off an option its flags hide', () => {
    expect(normaliseTimewindow({ ...base(), hideLastInterval: true }, modes).realtime.realtimeType).toBe('INTERVAL');
  });

  it('leaves a time window that fits its modes as it is', () => {
    const timewindow = base();
    expect(normaliseTimewindow(timewindow, modes)).toBe(timewindow);
  });
});
