import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The machine the suite runs on has 2 cores and is shared: every project gives its tests and hooks
// room well beyond their usual time, since a node that starts in 3 s alone takes half a minute
// when the cores are busy. A test that waits for something ends when it happens, so the room is
// only spent by one that fails; waits inside tests use test/support/checks/waits.ts.
//
// A worker per core for the projects whose files share nothing: Vitest's default keeps one core for
// its own process, which mostly idles, so on 2 cores it ran one file at a time. Each file's nodes
// have their own ports and data directories, and a file spends much of its time waiting (for
// sockets, sign-ins, expiries), so two run side by side. The Kafka files share one Kafka node and
// keep Vitest's default.
const maxWorkers = os.availableParallelism();

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], maxWorkers, testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'contract', include: ['test/contract/**/*.test.ts'], maxWorkers, testTimeout: 30_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          maxWorkers,
          // Real brokers on real sockets, some started (and restarted) inside a test: a start that
          // takes 3 s alone took 30 s with the cores busy.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
        // The console server of upstream mode (scripts/console-server) imports the broker's built
        // modules; its tests run them from source, as every other test does, so no build is needed.
        resolve: { alias: [{ find: /^(?:\.\.\/)+mock-broker\/dist\/(.*)\.js$/, replacement: path.resolve(import.meta.dirname, 'src/$1.ts') }] },
      },
      {
        test: {
          name: 'kafka',
          include: ['test/kafka/**/*.test.ts'],
          // One real Kafka node for the project, started before its first file and stopped after its last.
          globalSetup: ['test/kafka/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits one second unless told otherwise: too little for a consumer group.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
