// The bundled broker from its build, started as dist/main.js starts it (same STARLING_* variables,
// quiet debug loggers first) but with acknowledgements sent before the commit: the behaviour before
// "acknowledged means stored". Not a setting operators have; the acknowledgement part runs it beside
// the bundled broker as shipped to measure what acknowledging after the commit costs.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { quietDebugUrl, root } from '../lib/workspace.mjs';

const dist = (file) => pathToFileURL(path.join(root, 'mock-broker/dist', file)).href;
await import(quietDebugUrl);
const { loadConfig } = await import(dist('config/config.js'));
const { startNode } = await import(dist('app/node.js'));

const node = await startNode(loadConfig(), { acknowledgeAfterCommit: false });
console.log(`Starling (acknowledging before the commit) is ready: MQTT on ${node.mqttPort}`);
const stop = () => node.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
