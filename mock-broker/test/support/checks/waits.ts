import { vi } from 'vitest';

/**
 * How long a test waits for something that must happen (a packet, a message, a closed socket, a
 * row). The wait ends as soon as it happens, so a passing test never spends it; it only has to be
 * longer than the slowest answer on a busy 2-core machine, and well inside the projects'
 * testTimeout (vitest.config.ts) so a missing answer fails with its own message.
 */
export const WAIT_MS = 20_000;

/**
 * Retries `check` until it passes, up to WAIT_MS unless told longer (vi.waitFor's own default is
 * one second, which a busy machine misses).
 */
export function eventually<T>(check: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}): Promise<T> {
  return vi.waitFor(check, { timeout: Math.max(WAIT_MS, options.timeout ?? 0), interval: options.interval ?? 20 });
}
