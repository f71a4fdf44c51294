import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../src/database/database.js';
import { SqlitePersistence, type PersistenceBroker, type SqlitePersistenceOptions } from '../../../src/mqtt/persistence/sqlite-persistence.js';

export interface PersistenceOnDisk {
  persistence: SqlitePersistence;
  broker: PersistenceBroker;
  database: Database;
  dataDir: string;
  /** Stops this persistence as the node does (pending writes flushed, database closed) and starts a new one on the same file, with other options when given. */
  restart(options?: SqlitePersistenceOptions): Promise<PersistenceOnDisk>;
  /** Stops it and deletes the data directory. */
  destroy(): Promise<void>;
}

/** A persistence set up as Aedes would, on its own SQLite file. */
export async function openPersistence(options: SqlitePersistenceOptions = {}, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-store-'))): Promise<PersistenceOnDisk> {
  const database = openDatabase(dataDir);
  const persistence = new SqlitePersistence(database, options);
  const broker: PersistenceBroker = { id: 'starling-node-1', counter: 0 };
  await persistence.setup(broker);
  const stop = async () => {
    await persistence.destroy();
    database.close();
  };
  return {
    persistence,
    broker,
    database,
    dataDir,
    async restart(next = options) {
      await stop();
      return openPersistence(next, dataDir);
    },
    async destroy() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
