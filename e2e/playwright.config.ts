import { defineConfig } from '@playwright/test';
import { e2eBroker } from './support/broker-settings.js';
import { e2ePorts } from './support/ports.js';

// Debian's Chromium, never a browser download (the machines reach package registries only).
const chromium = process.env.STARLING_CHROMIUM || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // No retries: a journey that fails once is looked at, not run again until it passes.
  retries: 0,
  // Room for a busy 2-core machine. A journey waits for what the page shows (expect and actions
  // end as soon as it is there; actions have no limit of their own beyond the test's), so the room
  // is spent only by a journey that fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results',
  use: {
    baseURL: e2eBroker.baseUrl,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node support/start-broker.mjs',
    url: `http://127.0.0.1:${e2ePorts.http}/login`,
    reuseExistingServer: false,
    // The Kafka node beside the broker starts first (about 10 s; longer the first time its jars are fetched).
    timeout: 180_000,
    stdout: 'pipe',
    // SIGTERM lets the broker and Kafka stop in order and remove their temporary folders.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      STARLING_HTTP_PORT: String(e2ePorts.http),
      STARLING_MQTT_PORT: String(e2ePorts.mqtt),
      STARLING_WS_PORT: String(e2ePorts.ws),
      STARLING_E2E_KAFKA_PORT: String(e2ePorts.kafka),
      STARLING_PUBLIC_URL: e2eBroker.baseUrl,
      STARLING_PUBLIC_ID: e2eBroker.publicId,
      STARLING_JWT_SECRET: e2eBroker.jwtSecret,
      // Monitoring charts and alert rules move within seconds, not every 10 s.
      STARLING_SAMPLE_INTERVAL_SECONDS: '1',
    },
  },
});
