/**
 * Offsets of one partition handed out and not yet in the acknowledged run, at most. A message the
 * client never acknowledges holds the run (and the commit) back while the QoS 0 and skipped records
 * after it are acknowledged at once, each kept here until the run passes it: at the bound the
 * partition hands out nothing more until that message is acknowledged, or the client leaves and
 * it comes again from Kafka. Four times what a member fetches ahead (1,024 records) and 32 times
 * its in-flight window: an honest client's acknowledgement comes long before, while a partition's
 * entries here stay in the order of 100 KiB (some 16 bytes each, the acknowledged front dropped).
 */
export const MAX_PENDING_OFFSETS = 4096;

/**
 * One partition's messages as a member got them: offsets handed out in increasing order, each
 * acknowledged in any order. The commit point is the offset after the longest acknowledged run
 * from the start: committing it never skips a message that is still unacknowledged.
 *
 * Offsets are kept as numbers (exact up to 2^53, far beyond what a partition reaches) in a sorted
 * array with a flag each: an acknowledgement is a binary search, with no BigInt or set entry made
 * per message.
 */
export class AcknowledgedOffsets {
  private offsets: number[] = [];
  private acknowledged: boolean[] = [];
  private head = 0;
  private point: number | undefined;

  /** The offset after the last message of the acknowledged run; undefined before the first. */
  get commitPoint(): bigint | undefined {
    return this.point === undefined ? undefined : BigInt(this.point);
  }

  /** Messages handed out and not yet part of the acknowledged run. */
  get pending(): number {
    return this.offsets.length - this.head;
  }

  /** Whether MAX_PENDING_OFFSETS are pending: nothing more is handed out until the run moves on. */
  get full(): boolean {
    return this.pending >= MAX_PENDING_OFFSETS;
  }

  /** A message handed out; offsets come in increasing order. */
  handedOut(offset: bigint): void {
    this.offsets.push(Number(offset));
    this.acknowledged.push(false);
  }

  /** A message acknowledged (or skipped, which counts the same); advances the commit point over the run it completes. */
  acknowledge(offset: bigint): void {
    const index = this.indexOf(Number(offset));
    if (index < 0) return;
    this.acknowledged[index] = true;
    while (this.head < this.offsets.length && this.acknowledged[this.head] === true) {
      this.point = (this.offsets[this.head] as number) + 1;
      this.head++;
    }
    // Drop the consumed front now and then rather than shifting on every message.
    if (this.head > 1024 && this.head * 2 > this.offsets.length) {
      this.offsets = this.offsets.slice(this.head);
      this.acknowledged = this.acknowledged.slice(this.head);
      this.head = 0;
    }
  }

  /** Where the offset is among those not yet in the run, or -1. */
  private indexOf(value: number): number {
    let low = this.head;
    let high = this.offsets.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.offsets[middle] as number;
      if (found === value) return middle;
      if (found < value) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}
