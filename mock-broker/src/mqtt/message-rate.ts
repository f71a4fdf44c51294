import type { BrokerStatistics } from './broker-statistics.js';

export interface MessageRates {
  incomingPerSecond: number;
  outgoingPerSecond: number;
  /** The span the rates were taken over, ms (shorter just after start). */
  windowMs: number;
}

interface Sample {
  at: number;
  incoming: number;
  outgoing: number;
}

/**
 * The node's message rates over a sliding window: the counters are sampled once a second and the
 * rate is the difference between the newest and the oldest sample kept. A fixed number of samples,
 * whatever the load.
 */
export class MessageRate {
  private readonly samples: Sample[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly statistics: BrokerStatistics,
    private readonly windowMs = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  current(): MessageRates {
    const oldest = this.samples[0];
    const newest = this.take();
    const elapsed = oldest === undefined ? 0 : newest.at - oldest.at;
    if (oldest === undefined || elapsed <= 0) return { incomingPerSecond: 0, outgoingPerSecond: 0, windowMs: 0 };
    const perSecond = (count: number) => Math.round((count * 1000) / elapsed);
    return {
      incomingPerSecond: perSecond(newest.incoming - oldest.incoming),
      outgoingPerSecond: perSecond(newest.outgoing - oldest.outgoing),
      windowMs: Math.round(elapsed),
    };
  }

  close(): void {
    clearInterval(this.timer);
  }

  private take(): Sample {
    const counters = this.statistics.snapshot();
    return { at: this.now(), incoming: counters.incomingMsgs, outgoing: counters.outgoingMsgs };
  }

  private sample(): void {
    this.samples.push(this.take());
    const keep = Math.ceil(this.windowMs / 1000) + 1;
    if (this.samples.length > keep) this.samples.splice(0, this.samples.length - keep);
  }
}
