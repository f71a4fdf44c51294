// Preloaded into a broker under test (node --expose-gc --import …/memory-probe.mjs): on SIGUSR2 it
// collects garbage and writes process.memoryUsage() to the file STARLING_BENCH_MEMORY_FILE names,
// so that a part can report the heap beside the RSS it reads from /proc without a hook in the broker.
import fs from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const file = process.env.STARLING_BENCH_MEMORY_FILE;
  if (file) fs.writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
});
