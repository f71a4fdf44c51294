import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timerUntil } from '../../../src/mqtt/due-timer.js';

const DAY_MS = 24 * 3_600_000;

describe('timerUntil', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires a due time 30 days ahead then, not once a Node timer would have overflowed', () => {
    const fire = vi.fn();
    timerUntil(Date.now() + 30 * DAY_MS, fire);
    vi.advanceTimersByTime(1);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DAY_MS);
    expect(fire).not.toHaveBeenCalled();
    // Past the 24.8 days one timer holds: the wait goes on in a second step.
    vi.advanceTimersByTime(29 * DAY_MS - 2);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60 * DAY_MS);
    expect(fire).toHaveBeenCalledOnce();
  });

  it('fires a due time within one timer at it, and one already past at once', () => {
    const soon = vi.fn();
    const past = vi.fn();
    timerUntil(Date.now() + 5_000, soon);
    timerUntil(Date.now() - 5_000, past);
    vi.advanceTimersByTime(0);
    expect(past).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(4_999);
    expect(soon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(soon).toHaveBeenCalledOnce();
  });

  it('never fires once cancelled, in its first step or a later one', () => {
    const early = vi.fn();
    const late = vi.fn();
    timerUntil(Date.now() + 40 * DAY_MS, early).cancel();
    const timer = timerUntil(Date.now() + 40 * DAY_MS, late);
    vi.advanceTimersByTime(30 * DAY_MS);
    timer.cancel();
    vi.advanceTimersByTime(30 * DAY_MS);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
