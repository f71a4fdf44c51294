// npm start: install what is missing, build what changed, then run the broker with its console.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { root } from './lib.mjs';

await ensureDependencies();
await build();

const broker = spawn(process.execPath, [path.join(root, 'mock-broker/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => broker.kill(signal));
broker.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
