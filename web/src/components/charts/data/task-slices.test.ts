import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inTaskSlices } from './task-slices';

afterEach(() => vi.restoreAllMocks());

describe('chart work in task slices', () => {
  it('runs queued work in order, a few milliseconds of it a task, and leaves out what was cancelled', async () => {
    // Each piece takes 5 ms of the page's clock: a slice holds three (15 ms ≥ 12), the rest waits for the next task.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const happened: string[] = [];
    const piece = (name: string) => () => {
      clock += 5;
      happened.push(name);
      // Runs at the end of the task this piece ran in: after its slice, before the next slice's pieces.
      queueMicrotask(() => happened.push(`end of ${name}'s task`));
    };
    const cancels = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => inTaskSlices(piece(name)));
    cancels[4]?.();
    await waitFor(() => expect(happened).toContain('f'));
    expect(happened.filter((entry) => !entry.startsWith('end'))).toEqual(['a', 'b', 'c', 'd', 'f']);
    expect(happened.indexOf("end of c's task")).toBeLessThan(happened.indexOf('d'));
    expect(happened.indexOf('b')).toBeLessThan(happened.indexOf("end of a's task"));
  });
});
