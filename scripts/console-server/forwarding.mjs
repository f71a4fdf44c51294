// What upstream mode sends on to the upstream besides the client's own request: the X-Forwarded-*
// headers, set from the connection, and nothing of the client's hop to this server. Issue 26 N7: the
// proxy used to pass a client's X-Forwarded-Host, append to its X-Forwarded-For and -Proto, forward
// `..` segments and keep headers named in Connection.
import { plainAddress } from '../../mock-broker/dist/http/trusted-proxies.js';

/**
 * Headers that describe one connection, not the request (RFC 9110 section 7.6.1, plus Keep-Alive and
 * Proxy-Connection of older clients): a proxy consumes them and never forwards them.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'upgrade'];
/**
 * The body's framing: Node's own client for the upstream frames the body again (a length, or chunks),
 * so these stay whatever Connection names, or the request would lose its body.
 */
const FRAMING = new Set(['host', 'content-length', 'transfer-encoding']);

/**
 * Whether a request path holds a `.` or `..` segment, written out or percent-encoded (`%2e%2e`,
 * `.%2E`), also with path parameters (`..;`, which Tomcat reads as `..`) or behind an encoded slash or
 * backslash: the upstream might resolve it above the path this server means to reach (its prefix, /api).
 * A path that is not percent-encoded UTF-8 counts too: what the upstream makes of it is unknown.
 */
export function hasDotSegment(url) {
  const pathname = url.split('?')[0] ?? '';
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.split(/[/\\]/).some((segment) => {
    const name = segment.split(';')[0];
    return name === '.' || name === '..';
  });
}

/**
 * Prepares the request's headers for the upstream: drops the hop-by-hop ones and those the client
 * named in Connection, and sets X-Forwarded-For, -Proto, -Host and -Port from this connection. Only
 * when the peer is a trusted proxy (STARLING_TRUSTED_PROXIES: an nginx in front) does what it says
 * stay: its X-Forwarded-For gets the peer appended, its -Proto, -Host and -Port are kept. A WebSocket
 * upgrade keeps the two headers that ask for it.
 */
export function prepareForwarding(request, proxies, { upgrade = false } = {}) {
  const { headers, socket } = request;
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  for (const name of [...HOP_BY_HOP, ...named]) if (!FRAMING.has(name)) delete headers[name];
  if (upgrade) Object.assign(headers, { connection: 'Upgrade', upgrade: 'websocket' });

  const peer = plainAddress(socket.remoteAddress ?? '');
  const trusted = proxies.trusts(socket.remoteAddress);
  const fromConnection = {
    'x-forwarded-proto': socket.encrypted ? 'https' : 'http',
    'x-forwarded-host': headers.host ?? '',
    'x-forwarded-port': String(socket.localPort ?? ''),
  };
  headers['x-forwarded-for'] = trusted && headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${peer}` : peer;
  for (const [name, value] of Object.entries(fromConnection)) if (!trusted || !headers[name]) headers[name] = value;
  // RFC 7239's Forwarded says the same things; from anyone but a trusted proxy it is made up.
  if (!trusted) delete headers.forwarded;
}
