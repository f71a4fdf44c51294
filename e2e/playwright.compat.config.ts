// The console's journeys against a production broker (README "Compatibility with production
// brokers"): the built console in upstream mode in front of STARLING_COMPAT_BROKER, or of the
// recorded answers of a real TBMQ 2.3.0 when no broker is named (as npm test runs it).
import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config.js';
import { compatPorts, compatSettings } from './support/compat-settings.js';

const upstreamConsole = {
  command: 'node ../scripts/console-server/upstream-console.mjs',
  url: `${compatSettings.console}/login`,
  reuseExistingServer: false,
  timeout: 30_000,
  stdout: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  env: {
    STARLING_UPSTREAM_URL: compatSettings.broker,
    ...(compatSettings.websocket ? { STARLING_UPSTREAM_WS_URL: compatSettings.websocket } : {}),
    STARLING_HTTP_PORT: String(compatPorts.console),
    STARLING_BIND_ADDRESS: '127.0.0.1',
  },
};

const replay = {
  command: 'node support/tbmq-replay.mjs',
  url: `${compatSettings.broker}/api/system/info`,
  reuseExistingServer: false,
  timeout: 30_000,
  stdout: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  env: { STARLING_REPLAY_PORT: String(compatPorts.replay) },
};

export default defineConfig({
  ...baseConfig,
  globalSetup: undefined,
  testDir: 'compat-tests',
  // Journeys that write run against a live broker, when asked for (STARLING_COMPAT_WRITE=true); the
  // mail journey only against a broker on this machine (write-mail.spec.ts).
  testIgnore: compatSettings.writes && !compatSettings.replayed ? (compatSettings.local ? [] : ['write-mail.spec.ts']) : ['write*.spec.ts'],
  outputDir: 'test-results-compat',
  use: { ...baseConfig.use, baseURL: compatSettings.console },
  webServer: compatSettings.replayed ? [replay, upstreamConsole] : [upstreamConsole],
});
