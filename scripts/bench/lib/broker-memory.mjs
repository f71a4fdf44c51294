// The heap and RSS of a broker started with memoryProbe()'s arguments (lib/memory-probe.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureScratchDir } from './workspace.mjs';

const PROBE = pathToFileURL(path.join(import.meta.dirname, 'memory-probe.mjs')).href;

/** Node arguments and environment that make a broker answer memoryOf(); one file per broker name. */
export function memoryProbe(name) {
  const file = path.join(ensureScratchDir(), `${name}-memory.json`);
  fs.rmSync(file, { force: true });
  return { nodeArguments: ['--expose-gc', '--import', PROBE], env: { STARLING_BENCH_MEMORY_FILE: file }, file };
}

/** Asks the broker for a collection and its memoryUsage(): { rss, heapTotal, heapUsed, external, arrayBuffers }. */
export async function memoryOf(pid, file) {
  const asked = Date.now();
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 120_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!fs.existsSync(file)) continue;
    let reading;
    try {
      reading = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      continue; // caught half written
    }
    if (reading.at >= asked) return reading;
  }
  throw new Error(`the broker ${pid} wrote no memory reading to ${file}`);
}
