import { claimDataDirectory } from '../../../src/database/data-directory-claim.js';
import { openDatabase, type Database } from '../../../src/database/database.js';

/** Reads the SQLite file of a stopped node's data directory, as its next start would find it. */
export function readStoppedDatabase<T>(dataDir: string, read: (database: Database) => T): T {
  const release = claimDataDirectory(dataDir);
  const database = openDatabase(dataDir);
  try {
    return read(database);
  } finally {
    database.close();
    release();
  }
}
