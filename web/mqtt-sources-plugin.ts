import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** mqtt.js's transports, one module each, in the folder of its connect(). */
const CONNECT_FOLDER = `${path.sep}mqtt${path.sep}build${path.sep}lib${path.sep}connect${path.sep}`;
/** The transports a browser cannot use (TCP, TLS, SOCKS) or the console does not offer (mini-program sockets). */
const LEFT_OUT = /^\.\/(?:tcp|tls|socks|wx|ali)$/;
const LEFT_OUT_ID = '\0starling:mqtt-left-out:';
const ADDRESS_PARSER = fileURLToPath(new URL('./src/features/ws-client/session/mqtt-link/mqtt-url.ts', import.meta.url));

/**
 * Builds mqtt.js from its modules for the browser (see mqtt-browser.ts): its connect() loads every
 * transport, and only the web-socket one is kept; each one left out throws if it is ever asked for.
 * Its `url` is the browser's own URL parser (mqtt-url.ts).
 */
export function mqttFromSources(): Plugin {
  return {
    name: 'starling:mqtt-from-sources',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes(CONNECT_FOLDER)) return null;
      if (LEFT_OUT.test(source)) return `${LEFT_OUT_ID}${source.slice(2)}`;
      if (source === 'url') return ADDRESS_PARSER;
      return null;
    },
    load(id) {
      if (!id.startsWith(LEFT_OUT_ID)) return null;
      const transport = id.slice(LEFT_OUT_ID.length);
      return `export default function leftOut() { throw new Error('The ${transport} transport of mqtt.js is not in the console: web sockets only'); }\n`;
    },
  };
}
