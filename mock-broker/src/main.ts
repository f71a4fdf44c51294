// First: the packages loaded after it get quiet loggers for the namespaces DEBUG leaves off.
import './app/quiet-debug.js';
import { startNode } from './app/node.js';
import { StartupError } from './app/startup-error.js';
import { loadConfig } from './config/config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const node = await startNode(config);
  const host = config.bindAddress === '0.0.0.0' ? 'localhost' : config.bindAddress;
  console.log(`Starling is ready: console and API at http://${host}:${node.httpPort}, MQTT on ${node.mqttPort}, MQTT over WebSocket on ws://${host}:${node.wsPort}/mqtt (data in ${config.dataDir})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping Starling`);
    node.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Starling did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    console.error(`Starling cannot start: ${error.message}`);
  } else {
    console.error('Starling cannot start:', error);
  }
  process.exit(1);
});
