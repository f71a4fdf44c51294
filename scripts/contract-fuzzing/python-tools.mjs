// Schemathesis, from PyPI at a pinned version, in a virtual environment of its own under .tools/
// (ignored by git; npm ci leaves it alone). Installed once, again only when the pin changes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log, root, runOrExit } from '../lib.mjs';

export const SCHEMATHESIS_VERSION = '4.32.5';
const environment = path.join(root, '.tools', 'python');
const stampFile = path.join(environment, '.starling-schemathesis');
export const schemathesisBinary = path.join(environment, 'bin', 'schemathesis');

export async function ensureSchemathesis() {
  const installed = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (installed === SCHEMATHESIS_VERSION && fs.existsSync(schemathesisBinary)) return schemathesisBinary;
  log(`Installing schemathesis ${SCHEMATHESIS_VERSION} into .tools/python…`);
  fs.rmSync(environment, { recursive: true, force: true });
  await runOrExit('python3', ['-m', 'venv', environment]);
  const pip = path.join(environment, 'bin', 'pip');
  await runOrExit(pip, ['install', '--quiet', '--disable-pip-version-check', '--no-input', `schemathesis==${SCHEMATHESIS_VERSION}`]);
  const version = spawnSync(schemathesisBinary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.endsWith(SCHEMATHESIS_VERSION)) throw new Error(`schemathesis reports "${version}", not ${SCHEMATHESIS_VERSION}`);
  fs.writeFileSync(stampFile, SCHEMATHESIS_VERSION);
  return schemathesisBinary;
}
