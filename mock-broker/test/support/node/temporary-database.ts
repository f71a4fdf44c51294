import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../src/database/database.js';

/** The node's SQLite schema in a data directory of its own, for repository tests. */
export function openTemporaryDatabase(): { database: Database; destroy(): void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-db-'));
  const database = openDatabase(dataDir);
  return {
    database,
    destroy() {
      database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
