import type { BindValues, Statement } from 'node-sqlite3-wasm';
import { inTransaction, type Database } from '../../database/database.js';

interface PendingWrite {
  sql: string;
  /** Read when the batch is written, so a row changed several times is serialised once. */
  values: () => BindValues;
}

export interface WriteBehindOptions {
  /** How long a change nobody waits for may stay in memory before it is written. */
  flushIntervalMs: number;
  onFlushError: (error: unknown) => void;
}

/** One promise for everyone waiting on the same batch: one allocation per batch, not per caller. */
interface Waiters {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Batches row changes into one SQLite transaction (group commit).
 *
 * A change nobody waits for reaches the file at most `flushIntervalMs` after it was made (plus the
 * time the transaction takes), and on a clean stop; a crash of the process loses at most that
 * window. A caller that must not go on before its changes are on disk (the broker acknowledging a
 * QoS 1/2 message) calls whenStored(): the batch is then committed as soon as the current turn of
 * the event loop is over, so every change the packets read in that turn made shares the one
 * transaction and its fsync. Under load, the changes arriving while one commit runs make up the
 * next batch, so batches grow with the load and the number of commits per second stays bounded
 * by the disk. Each committed batch is safe against power loss too (see openDatabase for the
 * journal and synchronous settings); one fsync'd commit per message would cap the broker at a few
 * hundred messages per second.
 *
 * Only the last write per row key is kept: a row changed again before its batch is written is
 * written once, and one added and removed in between never touches the disk.
 */
export class WriteBehind {
  readonly #database: Database;
  readonly #options: WriteBehindOptions;
  readonly #statements = new Map<string, Statement>();
  #pending = new Map<string, PendingWrite>();
  #waiters: Waiters | undefined;
  #timer: NodeJS.Timeout | undefined;
  #soon: NodeJS.Immediate | undefined;
  /** The last commit failed: its retry waits for the interval, whoever waits. */
  #failing = false;
  #closed = false;
  #scratchTimer: NodeJS.Timeout | undefined;

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

  /**
   * Resolves once every change scheduled so far is committed; rejects only when the store closes
   * before they could be. A batch that fails to commit is retried and its waiters keep waiting:
   * nothing is reported stored that is not.
   */
  whenStored(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the store is closed: changes are no longer written'));
    if (this.#pending.size === 0) return Promise.resolve();
    if (!this.#waiters) {
      let resolve = () => {};
      let reject: (error: Error) => void = () => {};
      const promise = new Promise<void>((done, fail) => {
        resolve = done;
        reject = fail;
      });
      this.#waiters = { promise, resolve, reject };
    }
    // Not while a failed batch waits for its retry: retrying at once would spin on a full disk.
    if (!this.#failing && !this.#soon && !this.#scratchTimer) {
      const mode = process.env.SCRATCH_COMMIT ?? 'i1';
      if (mode === 'i1') this.#soon = setImmediate(() => this.flush());
      else if (mode === 'i2') this.#soon = setImmediate(() => { this.#soon = setImmediate(() => this.flush()); });
      else this.#scratchTimer = setTimeout(() => { this.#scratchTimer = undefined; this.flush(); }, Number(mode.slice(1)));
    }
    return this.#waiters.promise;
  }

  flush(): void {
    clearTimeout(this.#timer);
    clearImmediate(this.#soon);
    clearTimeout(this.#scratchTimer);
    this.#scratchTimer = undefined;
    this.#timer = undefined;
    this.#soon = undefined;
    const batch = this.#pending;
    try {
      if (batch.size > 0) {
        inTransaction(this.#database, () => {
          for (const write of batch.values()) this.#statement(write.sql).run(write.values());
        });
      }
    } catch (error) {
      // The transaction rolled back and the batch stays pending (with its waiters): retry on the
      // next interval (a full disk may free up) rather than drop state the broker relies on.
      this.#failing = true;
      this.#options.onFlushError(error);
      if (!this.#closed) this.#timer = setTimeout(() => this.flush(), this.#options.flushIntervalMs).unref();
      return;
    }
    this.#failing = false;
    if (batch.size > 0) this.#pending = new Map();
    // The write is synchronous: every waiter registered so far waited on changes in this batch
    // (or on changes cancelled since, which need no writing).
    const waiters = this.#waiters;
    this.#waiters = undefined;
    waiters?.resolve();
  }

  /** Writes what is pending and releases the prepared statements; the database stays open. */
  close(): void {
    try {
      this.flush();
    } finally {
      this.#closed = true;
      clearTimeout(this.#timer);
      // Whoever still waits waited on a batch that could not be written: never report it stored.
      this.#waiters?.reject(new Error('the store closed before these changes could be written'));
      this.#waiters = undefined;
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
