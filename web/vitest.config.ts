import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-support/setup.ts'],
    // Room for a busy 2-core machine: findBy and waitFor wait up to twenty seconds
    // (src/test-support/setup.ts), a test may wait more than once, and the real-broker tests start
    // a broker in their hooks. A passing test spends none of it.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A worker per core. Vitest's default keeps one core for its own process, which idles while the
    // workers import, set up jsdom and run the tests: on 2 cores that was one file at a time.
    maxWorkers: os.availableParallelism(),
    restoreMocks: true,
    unstubGlobals: true,
  },
});
