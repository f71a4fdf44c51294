import { describe, expect, it } from 'vitest';
import { newerParams, pixelColumnsFor, plotPixelsFor, pointsOf, rangeParams, zoomedQuery, type ChartQuery } from './timeseries-request';

const HOUR = 3_600_000;
const averaged: ChartQuery = { startTs: 0, endTs: HOUR, interval: 60_000, agg: 'AVG', limit: 60, realtime: true };
const raw: ChartQuery = { startTs: 0, endTs: HOUR, interval: 1000, agg: 'NONE', limit: 50_000, realtime: true };

describe('time-series queries', () => {
  it('asks for the whole range in the window’s buckets', () => {
    expect(rangeParams('incomingMsgs', averaged)).toEqual({ keys: 'incomingMsgs', startTs: 0, endTs: HOUR, agg: 'AVG', interval: 60_000, limit: 60 });
  });

  it('asks for raw samples newest first, so that the limit keeps the newest', () => {
    expect(rangeParams('sessions', raw)).toEqual({ keys: 'sessions', startTs: 0, endTs: HOUR, agg: 'NONE', limit: 50_000, orderBy: 'DESC' });
  });

  it('asks for raw samples at the chart’s pixel columns when it has them, also when zoomed', () => {
    const narrow = { ...raw, pixelColumns: 700 };
    expect(rangeParams('sessions', narrow)).toEqual({ keys: 'sessions', startTs: 0, endTs: HOUR, agg: 'NONE', limit: 50_000, orderBy: 'DESC', pixelColumns: 700 });
    expect(rangeParams('sessions', zoomedQuery(narrow, { startTs: 0, endTs: HOUR / 2 }))).toMatchObject({ pixelColumns: 700 });
  });

  it('once uPlot has laid the plot out, asks exactly its pixels and where they start, also when zoomed', () => {
    const exact = { ...raw, ...plotPixelsFor({ left: 52.5, width: 1381 }) };
    expect(rangeParams('sessions', exact)).toEqual({ keys: 'sessions', startTs: 0, endTs: HOUR, agg: 'NONE', limit: 50_000, orderBy: 'DESC', pixelColumns: 1381, pixelLeft: 52.5 });
    expect(rangeParams('sessions', zoomedQuery(exact, { startTs: 0, endTs: HOUR / 2 }))).toMatchObject({ pixelColumns: 1381, pixelLeft: 52.5 });
    // Half a pixel too wide for whole columns (a devicePixelRatio of 1.25), or wider than the contract allows: no exact columns.
    expect(plotPixelsFor({ left: 66, width: 1726.5 })).toBeUndefined();
    expect(plotPixelsFor({ left: 66, width: 10_001 })).toBeUndefined();
  });

  it('asks for a plot’s device pixels, rounded up to a step of 50 and at most the contract’s 10,000', () => {
    expect(pixelColumnsFor(701, 1)).toBe(750);
    expect(pixelColumnsFor(700, 1)).toBe(700);
    expect(pixelColumnsFor(700, 2)).toBe(1400);
    expect(pixelColumnsFor(0, 1)).toBe(50);
    expect(pixelColumnsFor(8000, 2)).toBe(10_000);
  });

  it('in realtime asks only for samples after the newest one held', () => {
    const later = { ...raw, startTs: 10_000, endTs: HOUR + 10_000 };
    expect(newerParams('sessions', later, HOUR - 500)).toMatchObject({ startTs: HOUR - 499, endTs: HOUR + 10_000, agg: 'NONE' });
  });

  it('in realtime asks again for the newest bucket, which may have filled up since', () => {
    const later = { ...averaged, endTs: HOUR + 90_000 };
    expect(newerParams('incomingMsgs', later, HOUR - 60_000)).toEqual({ keys: 'incomingMsgs', startTs: HOUR - 60_000, endTs: HOUR + 90_000, agg: 'AVG', interval: 60_000, limit: 3 });
  });
});

describe('answers', () => {
  it('become points oldest first, whichever order they came in', () => {
    const points = pointsOf([
      { ts: 3000, value: 3 },
      { ts: 2000, value: '2.5' },
      { ts: 1000, value: 1 },
    ]);
    expect([...points.times]).toEqual([1000, 2000, 3000]);
    expect([...points.values]).toEqual([1, 2.5, 3]);
  });

  it('in the compact shape (timeseriesColumns: times as differences) become the same points', () => {
    const listed = [
      { ts: 3000, value: 3 },
      { ts: 2000, value: '2.5' },
      { ts: 990, value: 0.1 },
    ];
    const compact = pointsOf({ ts: [3000, -1000, -1010], value: [3, '2.5', 0.1] });
    expect(compact).toEqual(pointsOf(listed));
    expect(pointsOf({ ts: [990, 1010, 1000], value: [0.1, '2.5', 3] })).toEqual(compact);
    expect(pointsOf({ ts: [], value: [] }).times.length).toBe(0);
  });

  it('are asked in the compact shape when the query says so, also in realtime and zoomed', () => {
    const compact = { ...raw, columns: true };
    expect(rangeParams('sessions', compact)).toMatchObject({ format: 'columns' });
    expect(newerParams('sessions', compact, HOUR - 500)).toMatchObject({ format: 'columns' });
    expect(rangeParams('sessions', zoomedQuery(compact, { startTs: 5, endTs: 50 }))).toMatchObject({ format: 'columns' });
    expect(rangeParams('sessions', raw)).not.toHaveProperty('format');
  });

  it('without points for a key are an empty line', () => {
    expect(pointsOf(undefined).times.length).toBe(0);
  });
});

describe('zooming', () => {
  it('asks the zoomed range in finer buckets, keeping about as many points', () => {
    const zoom = { startTs: 600_000, endTs: 900_000 };
    expect(zoomedQuery(averaged, zoom)).toEqual({ startTs: 600_000, endTs: 900_000, interval: 5000, agg: 'AVG', limit: 60, realtime: false });
  });

  it('never asks for buckets under a second', () => {
    expect(zoomedQuery(averaged, { startTs: 0, endTs: 10_000 }).interval).toBe(1000);
  });

  it('keeps raw samples raw, and stops following now', () => {
    expect(zoomedQuery(raw, { startTs: 5, endTs: 50 })).toMatchObject({ agg: 'NONE', limit: 50_000, realtime: false });
  });
});
