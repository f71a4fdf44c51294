import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import abstractPersistence from 'aedes-persistence/abstract.js';
import { openDatabase, type Database } from '../../src/database/database.js';
import { SqlitePersistence } from '../../src/mqtt/persistence/sqlite-persistence.js';

// aedes-persistence's own conformance suite, run with node:test as it expects:
// npm run test:persistence (from mock-broker/).

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-persistence-'));
process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));

/** Each instance has its own data directory; its database closes with it. */
class IsolatedPersistence extends SqlitePersistence {
  constructor(private readonly database: Database) {
    super(database);
  }

  override async destroy(): Promise<void> {
    await super.destroy();
    this.database.close();
  }
}

abstractPersistence({
  test,
  persistence: () => new IsolatedPersistence(openDatabase(fs.mkdtempSync(path.join(root, 'instance-')))),
  testAsync: true,
});
