import net from 'node:net';
import os from 'node:os';

export interface WebSocketOriginOptions {
  /** Browser origins allowed to open MQTT over WebSocket besides the console's own (`*`: any). */
  webSocketOrigins: string[];
  /** Where the console is served: pages from its origin may always connect. */
  publicUrl: string;
  /** The console's port, known once its server listens. */
  consolePort(): number;
  /** The address the listeners bind: all of this machine's addresses when unspecified (0.0.0.0, ::). */
  bindAddress: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** A host name as URL.hostname writes it: IPv6 addresses in brackets. */
function urlHostname(address: string): string {
  return net.isIPv6(address) ? `[${address}]` : address;
}

/**
 * The names a page of the console's own can have on this machine: the loopback names and the
 * addresses the node listens on. Only names the node itself answers for: a host name in the
 * request (`Host`) is whatever the page's DNS said, and a page whose attacker-controlled name
 * resolves to this machine (DNS rebinding) sends its own name there too.
 */
function ownHostnames(bindAddress: string): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (bindAddress !== '0.0.0.0' && bindAddress !== '::') {
    names.add(urlHostname(bindAddress));
    return names;
  }
  for (const addresses of Object.values(os.networkInterfaces())) {
    // Link-local IPv6 addresses need a zone, which an origin cannot carry.
    for (const { address, scopeid } of addresses ?? []) if (!scopeid) names.add(urlHostname(address));
  }
  return names;
}

/**
 * Whether a page from `origin` may open MQTT over WebSocket. A browser sends the page's origin
 * with every WebSocket; without a check, any site a signed-in operator visits could talk MQTT to
 * the broker from the operator's machine. Clients that are not browsers send no origin. The
 * console's own origin comes from the configuration (its public URL, this machine's addresses
 * at the console's port), never from the request: see ownHostnames.
 */
export function webSocketOriginAllowed(origin: string | undefined, options: WebSocketOriginOptions): boolean {
  if (origin === undefined) return true;
  if (options.webSocketOrigins.includes('*') || options.webSocketOrigins.includes(origin)) return true;
  try {
    const page = new URL(origin);
    if (page.origin === new URL(options.publicUrl).origin) return true;
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
    return Number(page.port || DEFAULT_PORTS[page.protocol]) === options.consolePort() && ownHostnames(options.bindAddress).has(page.hostname);
  } catch {
    return false;
  }
}
