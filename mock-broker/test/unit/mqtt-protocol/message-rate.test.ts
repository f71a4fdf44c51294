import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokerStatistics } from '../../../src/mqtt/broker-statistics.js';
import { MessageRate } from '../../../src/mqtt/message-rate.js';

describe('MessageRate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the messages per second over the last 10 s, and forgets older traffic', () => {
    vi.useFakeTimers();
    const statistics = new BrokerStatistics();
    const rate = new MessageRate(statistics, 10_000, () => Date.now());
    expect(rate.current()).toEqual({ incomingPerSecond: 0, outgoingPerSecond: 0, windowMs: 0 });

    // 3 s of 200 in and 600 out each second.
    for (let second = 0; second < 3; second += 1) {
      for (let i = 0; i < 200; i += 1) statistics.messageIn(10);
      for (let i = 0; i < 600; i += 1) statistics.messageOut(10);
      vi.advanceTimersByTime(1000);
    }
    expect(rate.current()).toEqual({ incomingPerSecond: 200, outgoingPerSecond: 600, windowMs: 3000 });

    // 11 quiet seconds later the burst has left the window.
    vi.advanceTimersByTime(11_000);
    expect(rate.current()).toEqual({ incomingPerSecond: 0, outgoingPerSecond: 0, windowMs: 10_000 });
    rate.close();
  });
});
