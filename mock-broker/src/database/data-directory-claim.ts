import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../app/startup-error.js';

export class DataDirectoryInUseError extends StartupError {}

/** node-sqlite3-wasm locks the database with this directory; a crash leaves it behind. */
const SQLITE_LOCK = 'starling.sqlite.lock';
const PID_FILE = 'starling.pid';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes this process the one owner of the data directory. A directory another live node owns is
 * refused; a lock left by a crashed node is cleared so that the next start does not fail with
 * "database is locked". Answers the release to call on shutdown.
 */
export function claimDataDirectory(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const pidFile = path.join(dataDir, PID_FILE);
  const recorded = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : NaN;
  if (Number.isInteger(recorded) && recorded !== process.pid && isRunning(recorded)) {
    throw new DataDirectoryInUseError(
      `The data directory ${dataDir} is in use by another Starling process (pid ${recorded}). Stop it, or choose another directory with STARLING_DATA_DIR.`,
    );
  }
  fs.rmSync(path.join(dataDir, SQLITE_LOCK), { recursive: true, force: true });
  fs.writeFileSync(pidFile, String(process.pid), { mode: 0o600 });
  return () => fs.rmSync(pidFile, { force: true });
}

/**
 * The data directory holds password hashes, the token secret and every session's messages: only
 * the user the node runs as may read it. Files SQLite created with the process' umask are
 * narrowed to 0600 once they exist.
 */
export function restrictDataDirectory(dataDir: string): void {
  fs.chmodSync(dataDir, 0o700);
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) fs.chmodSync(path.join(dataDir, entry.name), 0o600);
  }
}
