import type { BindValues, Statement } from 'node-sqlite3-wasm';
import { inTransaction, type Database } from '../../database/database.js';

interface PendingWrite {
  sql: string;
  /** Read when the batch is written, so a row changed several times is serialised once. */
  values: () => BindValues;
}

export interface WriteBehindOptions {
  /** How long a change may wait in memory before it is written; the durability window. */
  flushIntervalMs: number;
  onFlushError: (error: unknown) => void;
}

/**
 * Batches the persistence's row changes into one SQLite transaction per interval.
 *
 * Durability window: a change reaches the file at most `flushIntervalMs` (plus the time the
 * transaction takes, a few ms for a thousand rows) after the broker made it, and on a clean stop.
 * A crash of the process loses at most that window. Each committed batch is safe against power
 * loss too (see openDatabase for the journal and synchronous settings). One fsync'd commit per
 * message would cap the broker at about a thousand changes per second on an SSD. Batched, a
 * thousand rows take about 5 ms to commit.
 *
 * Only the last write per row key is kept: a message queued and acknowledged within one interval
 * never touches the disk.
 */
export class WriteBehind {
  readonly #database: Database;
  readonly #options: WriteBehindOptions;
  readonly #statements = new Map<string, Statement>();
  #pending = new Map<string, PendingWrite>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(database: Database, options: WriteBehindOptions) {
    this.#database = database;
    this.#options = options;
  }

  /** `key` names the row; this write replaces any earlier one for the same row not yet written. */
  schedule(key: string, sql: string, values: () => BindValues): void {
    // Aedes may still settle a client's will while it closes, after destroy(): the node is
    // stopping and the database is about to close, so such late changes stay in memory only.
    if (this.#closed) return;
    this.#pending.set(key, { sql, values });
    this.#timer ??= setTimeout(() => this.flush(), this.#options.flushIntervalMs).unref();
  }

  /** Forgets a write not yet made, for a row that never reached the file. */
  cancel(key: string): void {
    this.#pending.delete(key);
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    try {
      inTransaction(this.#database, () => {
        for (const write of batch.values()) this.#statement(write.sql).run(write.values());
      });
      this.#pending = new Map();
    } catch (error) {
      // The transaction rolled back and the batch stays pending: retry on the next interval
      // (a full disk may free up) rather than drop state the broker already acknowledged.
      this.#options.onFlushError(error);
      if (!this.#closed) this.#timer = setTimeout(() => this.flush(), this.#options.flushIntervalMs).unref();
    }
  }

  /** Writes what is pending and releases the prepared statements; the database stays open. */
  close(): void {
    try {
      this.flush();
    } finally {
      this.#closed = true;
      clearTimeout(this.#timer);
      for (const statement of this.#statements.values()) statement.finalize();
      this.#statements.clear();
    }
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#database.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
