import type { BrokerConfig } from '../../../../api/generated/model/brokerConfig';

export type WsProtocol = 'ws' | 'wss';

/** A connection's URL as the form edits it: protocol, host, port (text while typed) and path. */
export interface ConnectionUrlParts {
  protocol: WsProtocol;
  host: string;
  port: string;
  path: string;
}

/** ARCHITECTURE.md "Ports": the bundled broker's web-socket listener when the config names none. */
const DEFAULT_WS_PORT = 8084;
const DEFAULT_WS_PATH = '/mqtt';

const numberOf = (value: BrokerConfig[string] | undefined): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);

/** Whether the broker offers secure web sockets (GET /api/app/config, `wssListenerEnabled` and `wssPort`). */
export function wssPortOf(config: BrokerConfig | undefined): number | undefined {
  return config?.wssListenerEnabled === true ? numberOf(config.wssPort) : undefined;
}

/** The port of the broker's listener for a protocol, as its config names it. */
export function listenerPortOf(config: BrokerConfig | undefined, protocol: WsProtocol): number {
  if (protocol === 'wss') return wssPortOf(config) ?? DEFAULT_WS_PORT;
  return numberOf(config?.wsPort) ?? DEFAULT_WS_PORT;
}

/**
 * The web-socket address a server in front of the console proxies on the console's own origin
 * (upstream mode, a reverse proxy): index.html's `starling-mqtt-websocket` names its path relative
 * to the base (`mqtt` → `ws://host/starling/mqtt`); empty when browsers reach the listener itself.
 */
export function proxiedWebSocketUrl(): URL | undefined {
  const path = document.querySelector('meta[name="starling-mqtt-websocket"]')?.getAttribute('content')?.trim();
  if (!path) return undefined;
  const url = new URL(path, document.baseURI);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url;
}

/**
 * A new connection reaches the broker that serves this console: through the console's own origin
 * when a server in front proxies the web-socket path, else the broker's host, web-socket port and path.
 */
export function defaultUrlParts(config: BrokerConfig | undefined, hostname: string, proxied = proxiedWebSocketUrl()): ConnectionUrlParts {
  if (proxied) return { protocol: proxied.protocol === 'wss:' ? 'wss' : 'ws', host: proxied.hostname, port: proxied.port, path: proxied.pathname };
  const path = typeof config?.wsPath === 'string' && config.wsPath !== '' ? config.wsPath : DEFAULT_WS_PATH;
  return { protocol: 'ws', host: hostname, port: String(listenerPortOf(config, 'ws')), path };
}

/** The URL a connection saves: `ws://host:port/path`, the port left out when empty, the path given a leading slash. */
export function connectionUrlOf({ protocol, host, port, path }: ConnectionUrlParts): string {
  const trimmedPath = path.trim();
  const slashPath = trimmedPath === '' || trimmedPath.startsWith('/') ? trimmedPath : `/${trimmedPath}`;
  const portPart = port.trim() === '' ? '' : `:${port.trim()}`;
  return `${protocol}://${host.trim()}${portPart}${slashPath}`;
}

/** A saved URL back into its parts; a URL this form cannot read keeps its text as the host. */
export function urlPartsOf(url: string): ConnectionUrlParts {
  try {
    const parsed = new URL(url);
    const protocol: WsProtocol = parsed.protocol === 'wss:' ? 'wss' : 'ws';
    return { protocol, host: parsed.hostname, port: parsed.port, path: parsed.pathname === '/' && !url.endsWith('/') ? '' : parsed.pathname + parsed.search };
  } catch {
    return { protocol: url.startsWith('wss') ? 'wss' : 'ws', host: url.replace(/^wss?:\/\//, ''), port: '', path: '' };
  }
}

/** A host name or address: no scheme, spaces, slashes or other URL separators. */
export function isValidHost(host: string): boolean {
  return /^[^\s/?#@]+$/.test(host.trim());
}

export function isValidPort(port: string): boolean {
  const text = port.trim();
  return text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 65535);
}
