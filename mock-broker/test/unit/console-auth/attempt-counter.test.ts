import { describe, expect, it } from 'vitest';
import { AttemptCounter } from '../../../src/auth/attempt-counter.js';

describe('attempt counter bounds (keys are outside input)', () => {
  const limits = { maxAttempts: 3, windowMs: 60_000, maxKeys: 100 };

  it('keeps at most maxKeys keys, forgetting the least recently active ones first', () => {
    const counter = new AttemptCounter(limits);
    for (let attempt = 0; attempt < 3; attempt++) counter.record('watched@example.com', 1000 + attempt);
    for (let key = 0; key < 99; key++) counter.record(`flood-${key}`, 2000);
    expect(counter.footprint().keys).toBe(100);
    // Still among the 100 most recently active: still refused.
    expect(counter.retryAfterSeconds('watched@example.com', 3000)).toBeGreaterThan(0);
    for (let key = 99; key < 350; key++) counter.record(`flood-${key}`, 2000);
    expect(counter.footprint().keys).toBe(100);
    expect(counter.retryAfterSeconds('watched@example.com', 3000)).toBeUndefined();
  });

  it('holds long keys as a digest, so their length does not count', () => {
    const counter = new AttemptCounter(limits);
    const long = (key: number) => `${'x'.repeat(100_000)}-${key}`;
    for (let key = 0; key < 300; key++) counter.record(long(key), 1000);
    const footprint = counter.footprint();
    expect(footprint.keys).toBe(100);
    expect(footprint.keyCharacters).toBeLessThanOrEqual(100 * 128);
    // Distinct long keys stay distinct.
    for (let attempt = 0; attempt < 3; attempt++) counter.record(long(1000), 2000);
    expect(counter.retryAfterSeconds(long(1000), 2001)).toBeGreaterThan(0);
    expect(counter.retryAfterSeconds(long(1001), 2001)).toBeUndefined();
  });

  it('keeps at most maxAttempts times per key, however many attempts raced past the check', () => {
    const counter = new AttemptCounter(limits);
    for (let attempt = 0; attempt < 1000; attempt++) counter.record('raced', 1000 + attempt);
    expect(counter.footprint().times).toBe(3);
    // The last three attempts (1997–1999 ms) decide: the first of them leaves the window at 61,997 ms.
    expect(counter.retryAfterSeconds('raced', 2000)).toBe(60);
  });
});
