/** A span of time in epoch milliseconds, both ends included. */
export interface TimeRange {
  startTs: number;
  endTs: number;
}
