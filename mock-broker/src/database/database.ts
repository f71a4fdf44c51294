import fs from 'node:fs';
import path from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { migrations } from './migrations.js';

export type Database = sqlite.Database;
export type Row = sqlite.QueryResult;

/**
 * Opens (creating when missing) the node's SQLite file and brings its schema up to date.
 * Each migration runs once, inside a transaction, and its version is recorded in the same
 * transaction, so a crash never leaves a half-applied schema.
 */
export function openDatabase(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const database = new sqlite.Database(path.join(dataDir, 'starling.sqlite'));
  database.exec('PRAGMA foreign_keys = ON');
  // No WAL: node-sqlite3-wasm's file layer has no shared memory, so SQLite quietly keeps the
  // rollback journal unless the connection takes locking_mode=EXCLUSIVE. Its lock (a directory
  // beside the file) would then outlive any crash and lock out the next start. The MQTT
  // persistence batches its writes (mqtt/persistence/write-behind.ts), and batched, the rollback
  // journal costs about what WAL would (measured: ~5 ms per 1000-row commit). TRUNCATE saves
  // DELETE's journal file creation, removal and directory sync on every commit.
  database.exec('PRAGMA journal_mode = TRUNCATE');
  // FULL (SQLite's default, stated on purpose): a commit returns once it is on disk, so every
  // committed batch survives a power loss; batching keeps that fsync affordable.
  database.exec('PRAGMA synchronous = FULL');
  migrate(database);
  return database;
}

function migrate(database: Database): void {
  database.exec('CREATE TABLE IF NOT EXISTS schema_migration (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    database.all('SELECT version FROM schema_migration').map((row) => Number(row.version)),
  );
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    inTransaction(database, () => {
      database.exec(migration.sql);
      database.run('INSERT INTO schema_migration (version, applied_at) VALUES (?, ?)', [migration.version, Date.now()]);
    });
  }
}

export function inTransaction<T>(database: Database, work: () => T): T {
  database.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    database.exec('COMMIT');
    return result;
  } catch (error) {
    database.exec('ROLLBACK');
    throw error;
  }
}
