import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-support/setup.ts'],
    // Room for the ten-second waits above on a loaded machine.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
