// Installs the npm dependencies when they are missing or the lockfile changed since the last install.
import fs from 'node:fs';
import path from 'node:path';
import { checkNodeVersion, digest, log, root, runOrExit } from './lib.mjs';

// The patches applied at install (patches/) are part of what is installed.
const MANIFESTS = ['package.json', 'package-lock.json', 'web/package.json', 'mock-broker/package.json', 'e2e/package.json', 'patches'];
const stampFile = path.join(root, 'node_modules', '.starling-install');
// What npm itself records of the tree it installed (npm 7 and later).
const installedTreeFile = path.join(root, 'node_modules', '.package-lock.json');

/** The newest modification time among the manifests and the patches, in ms. */
function newestManifestTime(entries = MANIFESTS) {
  let newest = 0;
  for (const entry of entries) {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) continue;
    const stat = fs.statSync(full);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) newest = Math.max(newest, newestManifestTime(fs.readdirSync(full).map((name) => path.join(entry, name))));
  }
  return newest;
}

/**
 * Whether the tree in node_modules is the lockfile's, installed by the user's own `npm ci` or
 * `npm install` (which leave no stamp of ours): every package the lockfile names, at its version,
 * installed after the manifests and patches last changed (so the patches were applied to it).
 */
export function installedFromLockfile() {
  if (!fs.existsSync(installedTreeFile)) return false;
  try {
    if (fs.statSync(installedTreeFile).mtimeMs < newestManifestTime()) return false;
    const wanted = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages ?? {};
    const installed = JSON.parse(fs.readFileSync(installedTreeFile, 'utf8')).packages ?? {};
    return Object.entries(wanted).every(([location, entry]) => location === '' || entry.optional === true || installed[location]?.version === entry.version);
  } catch {
    return false;
  }
}

export async function ensureDependencies() {
  checkNodeVersion();
  const wanted = digest(MANIFESTS);
  const installed = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (installed === wanted) return;
  // A fresh clone on which the user ran `npm ci` first: no second install of three minutes.
  if (installed === '' && installedFromLockfile()) {
    fs.writeFileSync(stampFile, wanted);
    return;
  }
  log('Installing npm dependencies (npm ci)…');
  await runOrExit('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  fs.writeFileSync(stampFile, wanted);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureDependencies();
