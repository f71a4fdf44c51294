/**
 * One partition's messages as a member got them: offsets handed out in increasing order, each
 * acknowledged in any order. The commit point is the offset after the longest acknowledged run
 * from the start: committing it never skips a message that is still unacknowledged.
 */
export class AcknowledgedOffsets {
  private readonly outstanding: bigint[] = [];
  private head = 0;
  private readonly acknowledged = new Set<bigint>();
  private point: bigint | undefined;

  /** The offset after the last message of the acknowledged run; undefined before the first. */
  get commitPoint(): bigint | undefined {
    return this.point;
  }

  /** Messages handed out and not yet part of the acknowledged run. */
  get pending(): number {
    return this.outstanding.length - this.head;
  }

  /** A message handed out; offsets come in increasing order. */
  handedOut(offset: bigint): void {
    this.outstanding.push(offset);
  }

  /** A message acknowledged (or skipped, which counts the same); advances the commit point over the run it completes. */
  acknowledge(offset: bigint): void {
    this.acknowledged.add(offset);
    while (this.head < this.outstanding.length && this.acknowledged.has(this.outstanding[this.head] as bigint)) {
      const done = this.outstanding[this.head] as bigint;
      this.acknowledged.delete(done);
      this.point = done + 1n;
      this.head++;
    }
    // Drop the consumed front now and then rather than shifting on every message.
    if (this.head > 1024 && this.head * 2 > this.outstanding.length) {
      this.outstanding.splice(0, this.head);
      this.head = 0;
    }
  }
}
