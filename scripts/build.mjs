// Builds the contract client, the broker and the console, skipping the build when no input changed.
import fs from 'node:fs';
import path from 'node:path';
import { digest, log, root, runOrExit } from './lib.mjs';

const INPUTS = [
  'openapi.yaml',
  'orval.config.ts',
  'tsconfig.base.json',
  'package-lock.json',
  'mock-broker/src',
  'mock-broker/tsconfig.json',
  'mock-broker/tsconfig.build.json',
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/precompress-plugin.ts',
  'web/compiled-messages-plugin.ts',
  'web/tsconfig.json',
];
const stampFile = path.join(root, 'node_modules', '.starling-build');
const OUTPUTS = ['mock-broker/dist/main.js', 'web/dist/index.html'];

export async function build({ force = false } = {}) {
  const wanted = digest(INPUTS);
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  const outputsExist = OUTPUTS.every((output) => fs.existsSync(path.join(root, output)));
  if (!force && built === wanted && outputsExist) {
    log('Build is up to date.');
    return;
  }
  log('Building the broker and the console…');
  await runOrExit('npm', ['run', 'build', '--silent']);
  // The generator may have rewritten files that are inputs; record the state after the build.
  fs.writeFileSync(stampFile, digest(INPUTS));
}

if (import.meta.url === `file://${process.argv[1]}`) await build({ force: process.argv.includes('--force') });
