// Installs the npm dependencies when they are missing or the lockfile changed since the last install.
import fs from 'node:fs';
import path from 'node:path';
import { checkNodeVersion, digest, log, root, runOrExit } from './lib.mjs';

// The patches applied at install (patches/) are part of what is installed.
const MANIFESTS = ['package.json', 'package-lock.json', 'web/package.json', 'mock-broker/package.json', 'e2e/package.json', 'patches'];
const stampFile = path.join(root, 'node_modules', '.starling-install');

export async function ensureDependencies() {
  checkNodeVersion();
  const wanted = digest(MANIFESTS);
  const installed = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (installed === wanted) return;
  log('Installing npm dependencies (npm ci)…');
  await runOrExit('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  fs.writeFileSync(stampFile, wanted);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureDependencies();
