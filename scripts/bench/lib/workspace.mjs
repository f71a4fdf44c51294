// Paths of the repository, and packages loaded from the workspace that declares them: Aedes from
// mock-broker (so bare Aedes is exactly the bundled broker's version), Playwright from e2e.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '../../..');
export const benchDir = path.join(root, 'scripts/bench');
export const resultsDir = path.join(benchDir, 'results');
/** Git-ignored scratch: logs, CPU profiles. */
export const scratchDir = path.join(resultsDir, 'tmp');
export const brokerMain = path.join(root, 'mock-broker/dist/main.js');
/** The bundled broker's quiet `debug` loggers (mock-broker/src/app/quiet-debug.ts), importable by URL. */
export const quietDebugUrl = pathToFileURL(path.join(root, 'mock-broker/dist/app/quiet-debug.js')).href;
export const webDist = path.join(root, 'web/dist');

/** The folder of a package as `workspace` (e.g. "mock-broker") resolves it. */
export function packageDirectory(workspace, name) {
  const require = createRequire(path.join(root, workspace, 'package.json'));
  let directory = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(directory, 'package.json')) || readJson(path.join(directory, 'package.json')).name !== name) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`cannot find the package.json of ${name}`);
    directory = parent;
  }
  return directory;
}

export function packageVersion(workspace, name) {
  return readJson(path.join(packageDirectory(workspace, name), 'package.json')).version;
}

export async function importFromWorkspace(workspace, name) {
  const require = createRequire(path.join(root, workspace, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

export function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function ensureScratchDir() {
  fs.mkdirSync(scratchDir, { recursive: true });
  return scratchDir;
}
