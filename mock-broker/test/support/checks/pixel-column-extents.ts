import { expect } from 'vitest';

export interface TestPoint {
  ts: number;
  value: number;
}

/** What a line drawn through the points shows in one pixel column: where it enters and leaves, its lowest and highest value. */
interface ColumnExtent {
  firstTs: number;
  lastTs: number;
  smallest: number;
  largest: number;
  count: number;
}

/**
 * The brute-force reference: every point looked at, its column worked out from the contract's
 * definition (openapi.yaml, `pixelColumns`: floor((ts − startTs) × columns / (endTs − startTs))).
 */
export function columnExtents(points: readonly TestPoint[], startTs: number, endTs: number, columns: number, left?: number): Map<number, ColumnExtent> {
  const extents = new Map<number, ColumnExtent>();
  for (const { ts, value } of points) {
    // With `left`: the pixel uPlot 1.6 strokes a point at (its linear() path: pxRound(valToPosX(...)),
    // valToPosX = plotLft + plotWid × valToPct, valToPct = (val − min) / (max − min)).
    const column = left === undefined ? Math.floor(((ts - startTs) * columns) / (endTs - startTs)) : Math.round(left + columns * ((ts - startTs) / (endTs - startTs)));
    const extent = extents.get(column);
    if (!extent) {
      extents.set(column, { firstTs: ts, lastTs: ts, smallest: value, largest: value, count: 1 });
      continue;
    }
    extent.firstTs = Math.min(extent.firstTs, ts);
    extent.lastTs = Math.max(extent.lastTs, ts);
    extent.smallest = Math.min(extent.smallest, value);
    extent.largest = Math.max(extent.largest, value);
    extent.count += 1;
  }
  return extents;
}

/**
 * The reduced answer draws what the full one draws: only real points (time and value as stored),
 * each once, in the asked order, at most four a column, and in every column the same first and
 * last time and the same smallest and largest value as all points.
 */
export function expectSameColumnExtents(reduced: readonly TestPoint[], full: readonly TestPoint[], range: { startTs: number; endTs: number; columns: number; order: 'ASC' | 'DESC'; left?: number }): void {
  const stored = new Map(full.map((point) => [point.ts, point.value]));
  for (const point of reduced) expect(stored.get(point.ts), `a point at ${point.ts}`).toBe(point.value);
  const times = reduced.map((point) => point.ts);
  const sorted = [...times].sort((a, b) => (range.order === 'ASC' ? a - b : b - a));
  expect(times).toEqual(sorted);
  expect(new Set(times).size).toBe(times.length);
  const { startTs, endTs, columns, left } = range;
  const kept = columnExtents(reduced, startTs, endTs, columns, left);
  const all = columnExtents(full, startTs, endTs, columns, left);
  expect([...kept.keys()].sort((a, b) => a - b)).toEqual([...all.keys()].sort((a, b) => a - b));
  for (const [column, extent] of all) {
    const { count, ...drawn } = kept.get(column) ?? { count: 0 };
    expect(count, `points kept in column ${column}`).toBeLessThanOrEqual(Math.min(4, extent.count));
    expect(drawn, `column ${column}`).toEqual({ firstTs: extent.firstTs, lastTs: extent.lastTs, smallest: extent.smallest, largest: extent.largest });
  }
}
