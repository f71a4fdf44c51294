// npm start: install what is missing, build what changed, then run the broker with its console —
// or, with STARLING_UPSTREAM_URL set, only the console, in front of that broker (upstream mode,
// scripts/console-server/upstream-console.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { root } from './lib.mjs';

await ensureDependencies();
await build();

const upstream = Boolean(process.env.STARLING_UPSTREAM_URL?.trim());
const program = upstream ? 'scripts/console-server/upstream-console.mjs' : 'mock-broker/dist/main.js';
const broker = spawn(process.execPath, [path.join(root, program)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => broker.kill(signal));
broker.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// npm runs this script through a shell that does not pass a SIGTERM on; when npm goes away
// (a service manager stopping it, a closed terminal), stop the broker rather than orphan it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) broker.kill('SIGTERM');
}, 1000).unref();
