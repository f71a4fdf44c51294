import { describe, expect, it } from 'vitest';
import { DEFAULT_SAMPLE_INTERVAL_MS, sampleIntervalOf } from './use-sample-interval';

describe('the broker’s sample interval', () => {
  it('is the gap between its two newest samples', () => {
    expect(sampleIntervalOf([{ ts: 50_000 }, { ts: 40_000 }])).toBe(10_000);
    expect(sampleIntervalOf([{ ts: 3000 }, { ts: 2000 }])).toBe(1000);
  });

  it('is the broker’s default before there are two samples', () => {
    expect(sampleIntervalOf([])).toBe(DEFAULT_SAMPLE_INTERVAL_MS);
    expect(sampleIntervalOf([{ ts: 1 }])).toBe(DEFAULT_SAMPLE_INTERVAL_MS);
    expect(sampleIntervalOf(undefined)).toBe(DEFAULT_SAMPLE_INTERVAL_MS);
  });

  it('is never under a second, however close two samples are', () => {
    expect(sampleIntervalOf([{ ts: 1200 }, { ts: 1000 }])).toBe(1000);
  });
});
