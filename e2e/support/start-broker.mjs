// Starts the built broker for an end-to-end run with a data directory of its own, removed on exit,
// and a real Kafka node for the Kafka pages (scripts/kafka/kafka-server.mjs) on the port
// STARLING_E2E_KAFKA_PORT names (support/ports.ts; the journeys reach it at e2eKafka.bootstrap).
// The Kafka node's folder is a temporary one; it is stopped and removed when the broker ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startKafka } from '../../scripts/kafka/kafka-server.mjs';

// Without STARLING_E2E_KAFKA_PORT no Kafka node: the journeys through a proxy need none.
const kafkaPortText = process.env.STARLING_E2E_KAFKA_PORT?.trim();
const kafkaPort = Number(kafkaPortText);
if (kafkaPortText && (!Number.isInteger(kafkaPort) || kafkaPort < 1)) throw new Error(`STARLING_E2E_KAFKA_PORT must be a port number, not "${kafkaPortText}"`);

const kafka = kafkaPortText ? await startKafka({ port: kafkaPort }) : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-e2e-'));
const broker = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../mock-broker/dist/main.js')], {
  stdio: 'inherit',
  env: { ...process.env, STARLING_DATA_DIR: dataDir, STARLING_BIND_ADDRESS: '127.0.0.1', ...(kafka ? { STARLING_KAFKA_BOOTSTRAP: kafka.bootstrap } : {}) },
});
const stop = (signal) => broker.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
broker.on('exit', async (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await kafka?.stop();
  process.exit(code ?? 0);
});
