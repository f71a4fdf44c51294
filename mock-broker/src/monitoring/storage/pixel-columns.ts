import type { SortOrder } from './timeseries-sql.js';

/** A stored sample of one key. */
export interface SamplePoint {
  ts: number;
  value: number;
}

/** Which of `columns` equal columns of [startTs, endTs) a time falls in (openapi.yaml, `pixelColumns`). */
export function pixelColumnOf(ts: number, startTs: number, endTs: number, columns: number): number {
  return Math.floor(((ts - startTs) * columns) / (endTs - startTs));
}

/**
 * M4 (Jugel et al., VLDB 2014): of the samples in each pixel column, the first, the last, the
 * smallest and the largest. A line drawn through them covers, in every column, the same values
 * as the line through all samples, and joins the columns where that line joins them.
 *
 * Samples are given one at a time in the query's order (oldest or newest first), so a column is
 * done as soon as a sample of another one comes: it holds four points at most whatever the number
 * of samples, and the points kept are written as JSON text in that order.
 */
export class PixelColumnReducer {
  readonly #parts: string[] = [];
  #column = Number.NaN;
  #first: SamplePoint | undefined;
  #last: SamplePoint | undefined;
  #smallest: SamplePoint | undefined;
  #largest: SamplePoint | undefined;

  constructor(
    private readonly startTs: number,
    private readonly endTs: number,
    private readonly columns: number,
    private readonly order: SortOrder,
  ) {}

  add(point: SamplePoint): void {
    const column = pixelColumnOf(point.ts, this.startTs, this.endTs, this.columns);
    if (column !== this.#column || this.#first === undefined || this.#last === undefined || this.#smallest === undefined || this.#largest === undefined) {
      this.#close();
      this.#column = column;
      this.#first = this.#last = this.#smallest = this.#largest = point;
      return;
    }
    // Either order: first and last go by time, not by arrival.
    if (point.ts < this.#first.ts) this.#first = point;
    if (point.ts > this.#last.ts) this.#last = point;
    if (point.value < this.#smallest.value) this.#smallest = point;
    if (point.value > this.#largest.value) this.#largest = point;
  }

  /** The points kept, as a JSON array in the query's order; the reducer is done with. */
  text(): string {
    this.#close();
    return `[${this.#parts.join(',')}]`;
  }

  #close(): void {
    const kept = [this.#first, this.#smallest, this.#largest, this.#last].filter((point): point is SamplePoint => point !== undefined);
    const distinct = [...new Map(kept.map((point) => [point.ts, point])).values()];
    distinct.sort((a, b) => (this.order === 'ASC' ? a.ts - b.ts : b.ts - a.ts));
    for (const { ts, value } of distinct) this.#parts.push(`{"ts":${ts},"value":${JSON.stringify(value)}}`);
    this.#first = this.#last = this.#smallest = this.#largest = undefined;
  }
}
