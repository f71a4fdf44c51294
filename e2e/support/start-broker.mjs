// Starts the built broker for an end-to-end run with a data directory of its own, removed on exit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-e2e-'));
const broker = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../mock-broker/dist/main.js')], {
  stdio: 'inherit',
  env: { ...process.env, STARLING_DATA_DIR: dataDir, STARLING_BIND_ADDRESS: '127.0.0.1' },
});
const stop = (signal) => broker.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
broker.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
