/**
 * The journeys through a proxy (playwright.proxy.config.ts) run a broker of their own on ports apart
 * from the main run's, a console in upstream mode in front of it and nginx in front of it under a
 * sub-path. Imported before anything reads support/ports.ts: the setup calls and MQTT clients of the
 * shared support files then reach this broker.
 */
export const proxyPorts = {
  broker: {
    http: Number(process.env.STARLING_E2E_PROXY_BROKER_PORT || 28283),
    mqtt: Number(process.env.STARLING_E2E_PROXY_MQTT_PORT || 21983),
    ws: Number(process.env.STARLING_E2E_PROXY_WS_PORT || 28284),
  },
  /** The console in upstream mode (scripts/console-server/upstream-console.mjs). */
  console: Number(process.env.STARLING_E2E_PROXY_CONSOLE_PORT || 28285),
  /** nginx, serving the console under SUB_PATH. */
  nginx: Number(process.env.STARLING_E2E_PROXY_NGINX_PORT || 28286),
};

/** Where nginx serves the console. */
export const SUB_PATH = '/starling/';

export const proxyOrigins = {
  broker: `http://127.0.0.1:${proxyPorts.broker.http}`,
  console: `http://127.0.0.1:${proxyPorts.console}`,
  nginx: `http://127.0.0.1:${proxyPorts.nginx}`,
};

process.env.STARLING_E2E_HTTP_PORT = String(proxyPorts.broker.http);
process.env.STARLING_E2E_MQTT_PORT = String(proxyPorts.broker.mqtt);
process.env.STARLING_E2E_WS_PORT = String(proxyPorts.broker.ws);
