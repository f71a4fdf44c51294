/**
 * The one thing mqtt.js needs of Node's `url` module in a browser: `parse(address, true)`, for the
 * broker address given to connect(). The fields it reads, as Node's legacy parser gives them, from
 * the standard URL parser the browser has. An IPv6 host keeps its brackets, so that mqtt.js builds
 * `ws://[::1]:8084/mqtt` from it, not `ws://::1:8084/mqtt`. An address that is not absolute (a path
 * of this origin) has only a path.
 */
export interface ParsedAddress {
  protocol: string | null;
  hostname: string | null;
  /** null when the address names none: mqtt.js then takes the protocol's default. */
  port: string | null;
  /** Path and query, as in a request line. */
  path: string | null;
  query: Record<string, string>;
  /** `user:password`, decoded. */
  auth: string | null;
}

/** The port written in an absolute address, which the URL parser leaves out when it is the scheme's default. */
const WRITTEN_PORT = /^[a-z][a-z\d+.-]*:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*):(\d+)/i;

function parse(address: string): ParsedAddress {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    const queryAt = address.indexOf('?');
    return { protocol: null, hostname: null, port: null, path: address, query: queryAt < 0 ? {} : Object.fromEntries(new URLSearchParams(address.slice(queryAt + 1))), auth: null };
  }
  const auth = url.username || url.password ? `${decodeURIComponent(url.username)}${url.password ? `:${decodeURIComponent(url.password)}` : ''}` : null;
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port === '' ? (WRITTEN_PORT.exec(address)?.[1] ?? null) : url.port,
    path: `${url.pathname}${url.search}`,
    query: Object.fromEntries(url.searchParams),
    auth,
  };
}

export default { parse };
