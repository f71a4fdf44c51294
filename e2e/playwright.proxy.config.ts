// The console through a proxy: in upstream mode in front of a second, bundled broker process, and
// under a sub-path behind a real nginx. Apart from playwright.config.ts (its own broker, ports and
// journeys); scripts/test.mjs runs both.
import { proxyOrigins, proxyPorts, SUB_PATH } from './support/proxy-ports.js';
import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config.js';

const broker = {
  command: 'node support/start-broker.mjs',
  url: `${proxyOrigins.broker}/login`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'pipe' as const,
  // A signal the start scripts hear, so that they remove what they made.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  env: {
    STARLING_HTTP_PORT: String(proxyPorts.broker.http),
    STARLING_MQTT_PORT: String(proxyPorts.broker.mqtt),
    STARLING_WS_PORT: String(proxyPorts.broker.ws),
    // No Kafka node beside this broker: these journeys need none.
    STARLING_E2E_KAFKA_PORT: '',
    STARLING_PUBLIC_URL: proxyOrigins.broker,
    // Browsers open MQTT over WebSocket from the proxies' pages: the broker must accept their origins.
    STARLING_WS_ALLOWED_ORIGINS: `${proxyOrigins.console},${proxyOrigins.nginx}`,
  },
};

export default defineConfig({
  ...baseConfig,
  testDir: 'proxy-tests',
  outputDir: 'test-results-proxy',
  projects: [
    { name: 'upstream', testMatch: 'upstream.spec.ts', use: { baseURL: proxyOrigins.console } },
    { name: 'nginx', testMatch: 'nginx.spec.ts', use: { baseURL: `${proxyOrigins.nginx}${SUB_PATH}` } },
  ],
  webServer: [
    broker,
    {
      command: 'node ../scripts/console-server/upstream-console.mjs',
      url: `${proxyOrigins.console}/login`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        STARLING_UPSTREAM_URL: proxyOrigins.broker,
        STARLING_UPSTREAM_WS_URL: `ws://127.0.0.1:${proxyPorts.broker.ws}/mqtt`,
        STARLING_HTTP_PORT: String(proxyPorts.console),
        STARLING_BIND_ADDRESS: '127.0.0.1',
      },
    },
    {
      command: 'node support/start-nginx.mjs',
      url: `${proxyOrigins.nginx}${SUB_PATH}login`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        STARLING_NGINX_PORT: String(proxyPorts.nginx),
        STARLING_NGINX_SUB_PATH: SUB_PATH,
        STARLING_NGINX_BROKER: proxyOrigins.broker,
        STARLING_NGINX_WS: `http://127.0.0.1:${proxyPorts.broker.ws}`,
      },
    },
  ],
});
