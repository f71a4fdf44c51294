// Bare Aedes on plain TCP, the very package the bundled broker uses (resolved from mock-broker):
// the baseline that the bundled broker's hooks and counters are measured against.
// With BENCH_QUIET_DEBUG=1 it first loads the bundled broker's quiet `debug` loggers
// (mock-broker/src/app/quiet-debug.ts), the one process-wide change the bundled broker makes to
// how Aedes' dependencies run: what is left between the two is the cost of Starling's own hooks.
import net from 'node:net';
import { importFromWorkspace, quietDebugUrl } from '../lib/workspace.mjs';

const quietDebug = process.env.BENCH_QUIET_DEBUG === '1';
if (quietDebug) await import(quietDebugUrl);
const { Aedes } = await importFromWorkspace('mock-broker', 'aedes');
const port = Number(process.env.BENCH_MQTT_PORT);
const broker = await Aedes.createBroker({ id: quietDebug ? 'bare-aedes-quiet' : 'bare-aedes' });
const server = net.createServer((socket) => broker.handle(socket));
server.listen(port, '127.0.0.1', () => console.log(`bare Aedes${quietDebug ? ' (quiet debug loggers)' : ''} listening on 127.0.0.1:${port}`));

const stop = () => {
  server.close();
  broker.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
