// npm run test:compat: the console's journeys in Chromium in front of a production broker — the one
// STARLING_COMPAT_BROKER names (its HTTP API, e.g. http://tbmq.example.com:8083), or the recorded
// answers of a real TBMQ 2.3.0 when none is named. Read-only unless STARLING_COMPAT_WRITE=true.
// README "Compatibility with production brokers" lists the settings.
import path from 'node:path';
import { build } from './build.mjs';
import { CHROMIUM, ensureSystemPackages } from './ensure-system-packages.mjs';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { log, run } from './lib.mjs';

await ensureDependencies();
await ensureSystemPackages();
await build();
const broker = process.env.STARLING_COMPAT_BROKER?.trim();
log(broker ? `Journeys in front of ${broker}` : 'Journeys in front of the recorded answers of TBMQ 2.3.0 (set STARLING_COMPAT_BROKER to name a live broker)');
const code = await run('npx', ['playwright', 'test', '--config', 'playwright.compat.config.ts', '--reporter=list', ...process.argv.slice(2)], {
  cwd: path.resolve(import.meta.dirname, '..', 'e2e'),
  env: { ...process.env, STARLING_CHROMIUM: CHROMIUM },
});
process.exit(code);
