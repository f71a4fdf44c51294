// Fails when the committed client in web/src/api/generated is stale against openapi.yaml.
import fs from 'node:fs';
import path from 'node:path';
import { root, runOrExit } from './lib.mjs';

const GENERATED = path.join(root, 'web/src/api/generated');

function snapshot(directory, prefix = '') {
  if (!fs.existsSync(directory)) return new Map();
  const files = new Map();
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) for (const [name, content] of snapshot(path.join(directory, entry.name), relative)) files.set(name, content);
    else files.set(relative, fs.readFileSync(path.join(directory, entry.name), 'utf8'));
  }
  return files;
}

export async function checkGenerated() {
  const before = snapshot(GENERATED);
  await runOrExit('npx', ['orval', '--config', 'orval.config.ts'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const after = snapshot(GENERATED);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name)).sort();
  if (changed.length > 0) {
    console.error(`The generated client was stale against openapi.yaml; regenerated: ${changed.join(', ')}. Commit the regenerated files.`);
    return false;
  }
  console.log(`generated client: ${after.size} files up to date with openapi.yaml`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await checkGenerated()) ? 0 : 1);
