import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { test: { name: 'contract', include: ['test/contract/**/*.test.ts'], hookTimeout: 30_000 } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Real brokers on real sockets: give start-up and MQTT round trips room on 2 cores.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'kafka',
          include: ['test/kafka/**/*.test.ts'],
          // One real Kafka node for the project, started before its first file and stopped after its last.
          globalSetup: ['test/kafka/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
