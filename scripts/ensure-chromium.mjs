// The end-to-end tests drive Debian's Chromium; install it when it is missing (needs root or sudo).
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { log, runOrExit } from './lib.mjs';

export const CHROMIUM = process.env.STARLING_CHROMIUM || '/usr/bin/chromium';

export async function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  const asRoot = process.getuid?.() === 0;
  const hasSudo = !asRoot && spawnSync('sudo', ['-n', 'true']).status === 0;
  if (!asRoot && !hasSudo) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with "sudo apt-get install chromium", or point STARLING_CHROMIUM at a Chromium binary.`);
    process.exit(1);
  }
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const apt = (args) => (prefix.length ? runOrExit(prefix[0], [...prefix.slice(1), 'apt-get', ...args]) : runOrExit('apt-get', args));
  log("Installing Debian's chromium for the end-to-end tests…");
  const environment = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  await apt(['update', '-qq'], environment);
  await apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], environment);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureChromium();
