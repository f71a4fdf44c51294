/** Counts events per second over the last few whole seconds, without keeping the events. */
export class RateMeter {
  private readonly buckets: number[];
  private currentSecond = 0;

  constructor(private readonly seconds = 5) {
    this.buckets = new Array<number>(seconds + 1).fill(0);
  }

  count(now: number, events = 1): void {
    this.advance(Math.floor(now / 1000));
    this.buckets[this.currentSecond % this.buckets.length]! += events;
  }

  /** Events per second over the last whole seconds (the one under way is left out). */
  perSecond(now: number): number {
    this.advance(Math.floor(now / 1000));
    let total = 0;
    for (let back = 1; back <= this.seconds; back += 1) total += this.buckets[(this.currentSecond - back + this.buckets.length * 2) % this.buckets.length] as number;
    return total / this.seconds;
  }

  private advance(second: number): void {
    if (second <= this.currentSecond) return;
    // Seconds without events between the last count and now read as zero.
    const passed = Math.min(second - this.currentSecond, this.buckets.length);
    for (let step = 1; step <= passed; step += 1) this.buckets[(this.currentSecond + step) % this.buckets.length] = 0;
    this.currentSecond = second;
  }
}
