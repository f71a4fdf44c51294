import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameBatcher, throttledFrameScheduler } from './frame-batcher';

describe('showing arrivals', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders at most once per gap however many messages arrive, and the last arrivals still show', () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    const runFrames = () => frames.splice(0).forEach((callback) => callback());
    const schedule = throttledFrameScheduler(100, (callback) => frames.push(callback), () => Date.now());
    let renders = 0;
    const batcher = new FrameBatcher(() => (renders += 1), schedule);

    // 1 s of arrivals, one every millisecond, with a frame every 16 ms.
    for (let ms = 0; ms < 1000; ms += 1) {
      batcher.request();
      vi.advanceTimersByTime(1);
      if (ms % 16 === 0) runFrames();
    }
    vi.advanceTimersByTime(100);
    runFrames();
    expect(renders).toBeGreaterThanOrEqual(9);
    expect(renders).toBeLessThanOrEqual(11);

    // A lone message after a quiet spell shows on the next frame, without waiting.
    vi.advanceTimersByTime(500);
    batcher.request();
    runFrames();
    expect(renders).toBeGreaterThanOrEqual(10);
    const before = renders;
    batcher.request();
    runFrames();
    expect(renders).toBe(before);
    vi.advanceTimersByTime(100);
    runFrames();
    expect(renders).toBe(before + 1);
  });
});
