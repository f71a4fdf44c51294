// Schemathesis, from PyPI at the versions requirements.txt pins (its dependencies too), in a virtual
// environment of its own under .tools/ (ignored by git; npm ci leaves it alone). Installed when
// missing, and again only when requirements.txt changes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { digest, log, root, run } from '../lib.mjs';

const REQUIREMENTS = 'scripts/contract-fuzzing/requirements.txt';
const SCHEMATHESIS_VERSION = /^schemathesis==(.+)$/m.exec(fs.readFileSync(path.join(root, REQUIREMENTS), 'utf8'))?.[1];
const environment = path.join(root, '.tools', 'python');
const stampFile = path.join(environment, '.starling-requirements');
const schemathesisBinary = path.join(environment, 'bin', 'schemathesis');

export async function ensureSchemathesis() {
  const wanted = digest([REQUIREMENTS]);
  const installed = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (installed === wanted && fs.existsSync(schemathesisBinary)) return schemathesisBinary;
  log(`Installing schemathesis ${SCHEMATHESIS_VERSION} into .tools/python…`);
  fs.rmSync(environment, { recursive: true, force: true });
  const steps = [
    ['python3', ['-m', 'venv', environment]],
    [path.join(environment, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '--no-input', '--requirement', path.join(root, REQUIREMENTS)]],
  ];
  for (const [command, args] of steps) {
    const code = await run(command, args);
    if (code !== 0) throw new Error(`"${[command, ...args].join(' ')}" failed with exit code ${code}`);
  }
  const version = spawnSync(schemathesisBinary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!SCHEMATHESIS_VERSION || !version.endsWith(SCHEMATHESIS_VERSION)) throw new Error(`schemathesis reports "${version}", not ${SCHEMATHESIS_VERSION}`);
  fs.writeFileSync(stampFile, wanted);
  return schemathesisBinary;
}
