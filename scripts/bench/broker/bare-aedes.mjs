// Bare Aedes on plain TCP, the very package the bundled broker uses (resolved from mock-broker):
// the baseline that the bundled broker's hooks and counters are measured against.
import net from 'node:net';
import { importFromWorkspace } from '../lib/workspace.mjs';

const { Aedes } = await importFromWorkspace('mock-broker', 'aedes');
const port = Number(process.env.BENCH_MQTT_PORT);
const broker = await Aedes.createBroker({ id: 'bare-aedes' });
const server = net.createServer((socket) => broker.handle(socket));
server.listen(port, '127.0.0.1', () => console.log(`bare Aedes listening on 127.0.0.1:${port}`));

const stop = () => {
  server.close();
  broker.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
