// Helpers shared by the start and test scripts. Node built-ins only: these run before npm install.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export { freePort, steadyPorts } from './ports.mjs';

export function log(message) {
  console.log(`\x1b[1m[starling]\x1b[0m ${message}`);
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n[starling] "${[command, ...args].join(' ')}" failed with exit code ${code}`);
    process.exit(code);
  }
}

/** A digest of files and folders (recursively, skipping build output), to tell whether inputs changed. */
export function digest(entries) {
  const hash = createHash('sha256');
  const visit = (entry) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (name === 'node_modules' || name === 'dist') continue;
        visit(path.join(entry, name));
      }
    } else {
      hash.update(entry).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  entries.forEach(visit);
  return hash.digest('hex');
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Starling needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}
