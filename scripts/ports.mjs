// Loopback ports for the servers the scripts and tests start. Node built-ins only: these run before npm install.
import fs from 'node:fs';
import net from 'node:net';

/** A loopback port nothing listens on right now, chosen by the system. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The lowest port the system hands out to outgoing connections (Linux: ip_local_port_range). */
function ephemeralFloor() {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > 12_000) return low;
  } catch {
    // Not Linux: the range IANA names for dynamic ports.
  }
  return 49_152;
}

function listensFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Loopback ports, `count` different ones, nothing listens on right now, for servers that are
 * stopped and started again on them. A port from freePort() lies in the range the system gives
 * outgoing connections: while the server is down any client's socket may be handed it, and the
 * restart fails with EADDRINUSE. These lie below that range, and below the fixed ports of the
 * end-to-end tests (21883 and up).
 */
export async function steadyPorts(count = 1) {
  const [from, to] = [10_000, Math.min(ephemeralFloor(), 20_000)];
  const ports = new Set();
  for (let attempt = 0; attempt < 200 * count && ports.size < count; attempt += 1) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (!ports.has(port) && (await listensFree(port))) ports.add(port);
  }
  if (ports.size < count) throw new Error(`fewer than ${count} free ports between ${from} and ${to}`);
  return [...ports];
}
