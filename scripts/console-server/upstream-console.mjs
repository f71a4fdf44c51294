// Upstream mode: the built console in front of a broker that runs elsewhere (a production broker, or
// another Starling node). No broker of its own: this server serves the console's files and its
// documentation, and passes /api and the MQTT web-socket path through to the upstream, so that the
// console works from one origin (no CORS). README "Upstream mode" lists the settings.
//
// The proxying is http-proxy-middleware 3: maintained, streams bodies both ways without buffering,
// proxies WebSocket upgrades, and its 3.x line runs on the Node.js 20.19 Starling supports (version 4
// and http-proxy-3 need Node.js 22).
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { docsRouter } from '../../mock-broker/dist/docs/docs-router.js';
import { consoleFiles } from '../../mock-broker/dist/http/console-files.js';
import { securityHeaders } from '../../mock-broker/dist/http/security-headers.js';
import { readTrustedProxies, TRUSTED_PROXIES_EXPECTED, TrustedProxies } from '../../mock-broker/dist/http/trusted-proxies.js';
import { hasDotSegment, prepareForwarding } from './forwarding.mjs';

/** Where the console offers MQTT over WebSocket on its own origin (the bundled broker's listener path). */
export const WEBSOCKET_PATH = '/mqtt';
const DEFAULT_TIMEOUT_SECONDS = 30;
/** openapi.yaml ErrorCode 2, general. */
const GENERAL_ERROR = 2;
/** openapi.yaml ErrorCode 31, bad request parameters. */
const BAD_REQUEST_PARAMS = 31;
/** The spec's words for a broker that cannot be reached (section 8). */
const UNABLE_TO_CONNECT = 'Unable to connect';
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UPSTREAM_TIMEOUT']);

/** An error naming the setting that is wrong. */
class SettingError extends Error {}

function urlSetting(environment, name, protocols) {
  const text = environment[name]?.trim();
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new SettingError(`${name} must be a URL such as ${protocols[0]}//broker.example.com, not "${text}"`);
  }
  if (!protocols.includes(url.protocol)) throw new SettingError(`${name} must start with ${protocols.join(' or ')}, not "${url.protocol}"`);
  return url;
}

/** The upstream settings from the environment; undefined when STARLING_UPSTREAM_URL is not set (the broker runs itself). */
export function upstreamSettings(environment = process.env) {
  if (!environment.STARLING_UPSTREAM_URL?.trim()) return undefined;
  const api = urlSetting(environment, 'STARLING_UPSTREAM_URL', ['http:', 'https:']);
  // By default the upstream's own origin with a web-socket scheme, at the same path below its prefix.
  const websocket = environment.STARLING_UPSTREAM_WS_URL?.trim()
    ? urlSetting(environment, 'STARLING_UPSTREAM_WS_URL', ['ws:', 'wss:'])
    : new URL(`${api.pathname.replace(/\/+$/, '')}${WEBSOCKET_PATH}`, `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`);
  const caFile = environment.STARLING_UPSTREAM_CA_FILE?.trim() || undefined;
  let ca;
  if (caFile) {
    try {
      ca = fs.readFileSync(caFile);
    } catch (error) {
      throw new SettingError(`STARLING_UPSTREAM_CA_FILE: cannot read ${caFile} (${error.code ?? error.message})`);
    }
  }
  const insecureText = (environment.STARLING_UPSTREAM_INSECURE ?? 'false').trim().toLowerCase();
  if (!['true', 'false'].includes(insecureText)) throw new SettingError(`STARLING_UPSTREAM_INSECURE must be true or false, not "${environment.STARLING_UPSTREAM_INSECURE}"`);
  const timeoutText = environment.STARLING_UPSTREAM_TIMEOUT_SECONDS?.trim() || String(DEFAULT_TIMEOUT_SECONDS);
  const timeoutSeconds = Number(timeoutText);
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > 3600) {
    throw new SettingError(`STARLING_UPSTREAM_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600, not "${timeoutText}"`);
  }
  // Proxies in front of this server (an nginx) whose X-Forwarded-* are passed on; none by default.
  const trustedProxies = readTrustedProxies(environment.STARLING_TRUSTED_PROXIES);
  if (trustedProxies.invalid !== undefined) throw new SettingError(`STARLING_TRUSTED_PROXIES ${TRUSTED_PROXIES_EXPECTED}, not "${trustedProxies.invalid}"`);
  const portText = environment.STARLING_HTTP_PORT?.trim() || '8083';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SettingError(`STARLING_HTTP_PORT must be a port number, not "${portText}"`);
  return {
    api,
    websocket,
    ca,
    insecure: insecureText === 'true',
    timeoutMs: timeoutSeconds * 1000,
    trustedProxies: trustedProxies.entries,
    port,
    bindAddress: environment.STARLING_BIND_ADDRESS?.trim() || '0.0.0.0',
    webDir: path.resolve(environment.STARLING_WEB_DIR?.trim() || path.join(import.meta.dirname, '../../web/dist')),
  };
}

/** An answer in the API's error shape (openapi.yaml ErrorResponse), for what the upstream is not asked or could not answer. */
function sendError(response, status, message, errorCode) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify({ status, message, errorCode, timestamp: Date.now() }));
}

function sendUpstreamError(response, error) {
  if (response.headersSent) {
    // The upstream broke off an answer already on its way: end it rather than pretend it is whole.
    response.destroy();
    return;
  }
  sendError(response, TIMEOUT_CODES.has(error?.code) ? 504 : 502, UNABLE_TO_CONNECT, GENERAL_ERROR);
}

/** index.html telling the console that MQTT over WebSocket is on its own origin, at WEBSOCKET_PATH below its base. */
function readIndex(webDir) {
  const file = path.join(webDir, 'index.html');
  if (!fs.existsSync(file)) return undefined;
  const html = fs.readFileSync(file, 'utf8');
  return html.replace('<meta name="starling-mqtt-websocket" content="" />', `<meta name="starling-mqtt-websocket" content="${WEBSOCKET_PATH.slice(1)}" />`);
}

/** Starts the console server in front of the upstream; resolves once it listens. */
export async function startUpstreamConsole(settings) {
  const secure = settings.api.protocol === 'https:';
  const agentOptions = { ca: settings.ca, rejectUnauthorized: !settings.insecure };
  const apiAgent = secure ? new https.Agent({ ...agentOptions, keepAlive: true }) : new http.Agent({ keepAlive: true });
  const websocketAgent = settings.websocket.protocol === 'wss:' ? new https.Agent(agentOptions) : undefined;
  const proxies = new TrustedProxies(settings.trustedProxies);

  const apiProxy = createProxyMiddleware({
    target: settings.api.origin,
    // The upstream's prefix, if it has one, before the contract's path (/api/…).
    pathRewrite: (requestPath) => `${settings.api.pathname.replace(/\/+$/, '')}${requestPath}`,
    changeOrigin: true,
    agent: apiAgent,
    secure: !settings.insecure,
    // X-Forwarded-* are set by prepareForwarding: the library's own appends to what the client sent.
    xfwd: false,
    on: {
      // A call the upstream does not begin to answer in time is a 504; an answer under way (a long
      // download, a stream) is not cut off.
      proxyReq: (proxyRequest) => {
        proxyRequest.setTimeout(settings.timeoutMs, () => proxyRequest.destroy(Object.assign(new Error('the upstream did not answer in time'), { code: 'UPSTREAM_TIMEOUT' })));
        proxyRequest.once('response', () => proxyRequest.setTimeout(0));
      },
      error: (error, _request, response) => {
        console.error(`[starling] upstream ${settings.api.origin}: ${error.code ?? error.message}`);
        if (response instanceof http.ServerResponse) sendUpstreamError(response, error);
        else response.destroy();
      },
    },
  });

  const websocketProxy = createProxyMiddleware({
    target: settings.websocket.origin,
    pathRewrite: () => `${settings.websocket.pathname}${settings.websocket.search}`,
    changeOrigin: true,
    ws: true,
    agent: websocketAgent,
    secure: !settings.insecure,
    xfwd: false,
    on: {
      error: (error, _request, socket) => {
        console.error(`[starling] upstream web socket ${settings.websocket.href}: ${error.code ?? error.message}`);
        socket.destroy();
      },
    },
  });

  const index = readIndex(settings.webDir);
  const sendIndex = (_request, response) => {
    if (index === undefined) {
      response.status(503).type('text').send('The console is not built: run "npm start" (or "npm run build") at the repository root.');
      return;
    }
    response.set('Cache-Control', 'no-cache').type('html').send(index);
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.use((request, response, next) => {
    if (request.path !== '/api' && !request.path.startsWith('/api/')) {
      next();
      return;
    }
    if (hasDotSegment(request.url)) {
      sendError(response, 400, 'The path has a "." or ".." segment (also percent-encoded): it is not passed on', BAD_REQUEST_PARAMS);
      return;
    }
    prepareForwarding(request, proxies);
    apiProxy(request, response, next);
  });
  // The documentation ships with the console: a production broker does not serve it.
  app.use(docsRouter());
  app.get(['/', '/index.html'], sendIndex);
  app.use(consoleFiles(settings.webDir).files);
  app.get(/.*/, sendIndex);
  app.use((request, response) => {
    response.status(405).set('Allow', 'GET, HEAD').type('text').send(`${request.method} is not allowed here: the console is read with GET`);
  });

  const server = http.createServer(app);
  server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://console').pathname !== WEBSOCKET_PATH) {
      socket.destroy();
      return;
    }
    prepareForwarding(request, proxies, { upgrade: true });
    websocketProxy.upgrade(request, socket, head);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.bindAddress, resolve);
  });
  return {
    server,
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        apiAgent.destroy();
        websocketAgent?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let settings;
  try {
    settings = upstreamSettings();
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    console.error(`[starling] ${error.message}`);
    process.exit(1);
  }
  if (!settings) {
    console.error('[starling] STARLING_UPSTREAM_URL is not set: there is no upstream to stand in front of');
    process.exit(1);
  }
  const running = await startUpstreamConsole(settings);
  console.log(`[starling] console on http://${settings.bindAddress}:${running.port}/ in front of ${settings.api.href} (MQTT over WebSocket: ${settings.websocket.href})`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => running.close().then(() => process.exit(0)));
}
