import { describe, expect, it } from 'vitest';
import { selectPage } from '../../../src/lists/page-selection.js';

const byNumber = (a: number, b: number) => a - b;

/** A repeatable shuffle, so a failure can be reproduced. */
function shuffled(count: number, seed: number): number[] {
  const items = Array.from({ length: count }, (_, index) => index);
  let state = seed;
  for (let index = count - 1; index > 0; index -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const other = state % (index + 1);
    [items[index], items[other]] = [items[other] as number, items[index] as number];
  }
  return items;
}

describe('selectPage: one page of the sorted order without sorting everything', () => {
  it.each([
    ['shuffled', shuffled(1000, 7)],
    ['already sorted', Array.from({ length: 1000 }, (_, index) => index)],
    ['reverse sorted', Array.from({ length: 1000 }, (_, index) => 999 - index)],
  ])('answers every page of %s input as sort-then-slice would', (_name, input) => {
    const expected = [...input].sort(byNumber);
    for (const [offset, size] of [[0, 10], [0, 1000], [990, 10], [500, 50], [995, 50], [1, 1], [999, 1]] as const) {
      expect(selectPage([...input], byNumber, offset, size)).toEqual(expected.slice(offset, offset + size));
    }
  });

  it('answers an empty page past the end and for an empty list', () => {
    expect(selectPage([3, 1, 2], byNumber, 3, 10)).toEqual([]);
    expect(selectPage([], byNumber, 0, 10)).toEqual([]);
  });

  it('follows the comparison it is given, descending included', () => {
    expect(selectPage(shuffled(100, 3), (a, b) => b - a, 10, 5)).toEqual([89, 88, 87, 86, 85]);
  });
});
