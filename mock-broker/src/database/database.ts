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
  // WAL needs shared memory, which node-sqlite3-wasm's file layer lacks, unless the connection
  // holds its lock for as long as it is open (locking_mode=EXCLUSIVE). That lock is a directory
  // beside the file and outlives a crash; claimDataDirectory clears it when its owner is gone.
  // Nothing else opens the file while the node runs.
  database.exec('PRAGMA locking_mode = EXCLUSIVE');
  database.exec('PRAGMA journal_mode = WAL');
  // NORMAL: a commit appends to the WAL and returns without fsync; the WAL is synced at each
  // checkpoint. A commit that returned is in the operating system's hands, so it survives the
  // process being killed at any instant, which is what acknowledging a QoS 1/2 message promises
  // (mqtt/persistence/write-behind.ts). A power loss or an operating system crash keeps the file
  // consistent but may roll back the transactions committed since the last checkpoint, acknowledged
  // messages among them. FULL would sync every commit: ~0.03 → ~0.25 ms each on the machine measured.
  database.exec('PRAGMA synchronous = NORMAL');
  // Each checkpoint syncs the WAL and the file, blocking the event loop: every acknowledgement
  // waiting then waits for the disk. Under QoS 2 load (each message changes rows in several
  // commits) the default of 1,000 pages checkpointed several times a second; at 5,000 (a WAL of
  // up to ~20 MB) the syncs took about 60 % less time per byte written (scripts/bench/results/2026-11-27-qos2-latency.md).
  database.exec('PRAGMA wal_autocheckpoint = 5000');
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

/**
 * The rows of a query one by one, for reading a large table at start-up: all() would make every
 * row first (a million sessions' rows at once), then the caller its own objects from them.
 */
export function* eachRow(database: Database, sql: string): Generator<Row> {
  const statement = database.prepare(sql);
  try {
    yield* statement.iterate();
  } finally {
    statement.finalize();
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
