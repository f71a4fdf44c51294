import { describe, expect, it } from 'vitest';
import { defaultTimewindow } from './timewindow';
import { draftProblems, draftRange, hasProblems, refitAggregationIntervals, sameDraft, type TimewindowDraft, timewindowOfDraft } from './timewindow-draft';
import { timewindowParts } from './timewindow-rules';

const NOW = Date.UTC(2024, 4, 15, 12);
const MINUTE = 60_000;
const DAY = 86_400_000;
const saved = defaultTimewindow(NOW, { timezone: 'UTC' });
const PARTS = timewindowParts(saved, { isEdit: false, aggregation: true, timezone: true });

const draft = (changes: (copy: TimewindowDraft) => void): TimewindowDraft => {
  const copy: TimewindowDraft = structuredClone(saved);
  changes(copy);
  return copy;
};

describe('time-window draft (spec sections 4 and 5)', () => {
  it('measures the selected option of each tab', () => {
    expect(draftRange(saved, 'REALTIME', NOW)).toBe(3_600_000);
    expect(draftRange(draft((copy) => (copy.history.historyType = 'FIXED')), 'HISTORY', NOW)).toBe(DAY);
    expect(draftRange(draft((copy) => (copy.history.historyType = 'INTERVAL')), 'HISTORY', NOW)).toBe(DAY);
    expect(draftRange(draft((copy) => (copy.history.historyType = 'FOR_ALL_TIME')), 'HISTORY', NOW)).toBe(NOW);
    expect(draftRange(draft((copy) => (copy.realtime.timewindowMs = null)), 'REALTIME', NOW)).toBeNull();
  });

  it('gives a tab whose period changed the default aggregation interval of the new range', () => {
    const longer = draft((copy) => (copy.realtime.timewindowMs = DAY));
    expect(refitAggregationIntervals(saved, longer, NOW, 500).realtime.interval).toBe(10 * MINUTE);
    // With the broker's 100,000 datapoints the hour's 30 s would still be offered for a week: the
    // week takes its own default, 1 hour (range/200 = 50.4 min, next offered up).
    const week = draft((copy) => (copy.realtime.timewindowMs = 7 * DAY));
    expect(refitAggregationIntervals(saved, week, NOW, 100_000).realtime.interval).toBe(60 * MINUTE);
    expect(refitAggregationIntervals(saved, longer, NOW, 500).history.interval).toBe(saved.history.interval);
    const otherField = draft((copy) => (copy.aggregation.type = 'MAX'));
    expect(refitAggregationIntervals(saved, otherField, NOW, 500)).toBe(otherField);
  });

  it('fits every tab to its range when there is nothing to compare with', () => {
    const fixedDay = draft((copy) => (copy.history.historyType = 'FIXED'));
    expect(refitAggregationIntervals(null, fixedDay, NOW, 500)).toMatchObject({ realtime: { interval: 30_000 }, history: { interval: 10 * MINUTE } });
  });

  it('requires the last interval only when its tab and option are selected', () => {
    const emptied = draft((copy) => (copy.history.timewindowMs = null));
    expect(draftProblems(emptied, PARTS, NOW, 500).lastInterval).toBeUndefined();
    emptied.selectedTab = 'HISTORY';
    expect(draftProblems(emptied, PARTS, NOW, 500).lastInterval).toBe('required');
    emptied.history.historyType = 'FIXED';
    expect(hasProblems(draftProblems(emptied, PARTS, NOW, 500))).toBe(false);
  });

  it('checks the fixed period, the NONE limit and the time zone', () => {
    const broken = draft((copy) => {
      copy.selectedTab = 'HISTORY';
      copy.history.historyType = 'FIXED';
      copy.history.fixedTimewindow.endTimeMs = NOW + MINUTE;
      copy.aggregation = { type: 'NONE', limit: 3 };
      copy.timezone = '';
    });
    expect(draftProblems(broken, PARTS, NOW, 500)).toEqual({ fixed: { end: 'after-now' }, limit: 'out-of-range', timezone: 'required', lastInterval: undefined });
  });

  it('leaves parts the user cannot change unchecked', () => {
    const broken = draft((copy) => {
      copy.aggregation = { type: 'NONE', limit: null };
      copy.timezone = '';
    });
    const parts = timewindowParts({ ...saved, hideAggregation: true }, { isEdit: false, aggregation: true, timezone: false });
    expect(hasProblems(draftProblems(broken, parts, NOW, 500))).toBe(false);
  });

  it('keeps the saved values of fields left empty where they were not checked', () => {
    const emptied = draft((copy) => {
      copy.history.timewindowMs = null;
      copy.aggregation.limit = null;
    });
    expect(timewindowOfDraft(emptied, saved)).toEqual(saved);
  });

  it('compares drafts by value', () => {
    expect(sameDraft(saved, structuredClone(saved))).toBe(true);
    expect(sameDraft(saved, { ...saved, aggregation: saved.aggregation, timezone: saved.timezone })).toBe(true);
    expect(sameDraft(saved, draft((copy) => (copy.realtime.timewindowMs = null)))).toBe(false);
    expect(sameDraft(saved, draft((copy) => (copy.hideTimezone = true)))).toBe(false);
  });
});
