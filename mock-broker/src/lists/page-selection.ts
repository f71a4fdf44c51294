export type Compare<T> = (a: T, b: T) => number;

/**
 * The items that would fill [offset, offset + size) if `items` were sorted by `compare`, in that
 * order. Sorting 100,000 sessions for every page request costs tens of milliseconds; selecting the
 * page's bounds (quickselect) costs a few linear passes whichever page is asked for, and only the
 * page itself is sorted. Rearranges `items`; `compare` must never call two items equal, or pages
 * would overlap (callers break ties by a unique key).
 */
export function selectPage<T>(items: T[], compare: Compare<T>, offset: number, size: number): T[] {
  const end = Math.min(items.length, offset + size);
  if (offset >= end) return [];
  const last = items.length - 1;
  if (offset > 0) placeNth(items, compare, offset, 0, last);
  if (end <= last) placeNth(items, compare, end, offset, last);
  return items.slice(offset, end).sort(compare);
}

/**
 * Moves into items[k] the item that belongs there in sorted order, with smaller ones before it
 * and greater ones after it, looking only within [left, right].
 */
function placeNth<T>(items: T[], compare: Compare<T>, k: number, left: number, right: number): void {
  while (right > left) {
    const pivot = medianOfThree(compare, items[left] as T, items[(left + right) >>> 1] as T, items[right] as T);
    let low = left;
    let high = right;
    while (low <= high) {
      while (compare(items[low] as T, pivot) < 0) low += 1;
      while (compare(items[high] as T, pivot) > 0) high -= 1;
      if (low <= high) {
        const swapped = items[low] as T;
        items[low] = items[high] as T;
        items[high] = swapped;
        low += 1;
        high -= 1;
      }
    }
    // Now [left, high] holds items ≤ pivot and [low, right] items ≥ pivot.
    if (k <= high) right = high;
    else if (k >= low) left = low;
    else return;
  }
}

/** The middle one of three: keeps already sorted (or reverse sorted) input from the quadratic case. */
function medianOfThree<T>(compare: Compare<T>, a: T, b: T, c: T): T {
  if (compare(a, b) < 0) {
    if (compare(b, c) < 0) return b;
    return compare(a, c) < 0 ? c : a;
  }
  if (compare(a, c) < 0) return a;
  return compare(b, c) < 0 ? c : b;
}
