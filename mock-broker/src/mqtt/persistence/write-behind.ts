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
  /**
   * Told when a commit fails: the first failure of a run of them, then at most once a minute
   * while it lasts (a full disk makes every retry fail, a few dozen a second).
   */
  onFlushError: (error: unknown) => void;
}

/** How often a run of failing commits is reported again. */
const REPEAT_FAILURE_REPORT_MS = 60_000;

/** Called once the changes scheduled before it are committed, or with an error when they never will be. */
export type StoredCallback = (error?: Error) => void;

/** What parts of the node outside the persistence may do with its journal. */
export type RowJournal = Pick<WriteBehind, 'schedule'>;

/**
 * Batches row changes into one SQLite transaction (group commit).
 *
 * A change nobody waits for reaches the file at most `flushIntervalMs` after it was made (plus the
 * time the transaction takes), and on a clean stop; a crash of the process loses at most that
 * window. A caller that must not go on before its changes are committed (the broker acknowledging
 * a QoS 1/2 message) asks with afterStored() or whenStored(): the batch is then committed as soon
 * as the current turn of the event loop is over (setImmediate), so the changes every packet read in
 * that turn made share one transaction. Under load a turn handles more packets, so batches grow
 * with the load. A commit in WAL mode with synchronous=NORMAL (see openDatabase) does not wait for
 * the disk: once it returns, the changes survive the process being killed; what a power loss does
 * is said there.
 *
 * Only the last write per row key is kept: a row changed again before its batch is written is
 * written once, and one added and removed in between never touches the disk.
 */
export class WriteBehind {
  readonly #database: Database;
  readonly #options: WriteBehindOptions;
  readonly #statements = new Map<string, Statement>();
  #pending = new Map<string, PendingWrite>();
  /** In the order they asked: acknowledgements sent from them keep the order of their packets. */
  #waiting: StoredCallback[] = [];
  #timer: NodeJS.Timeout | undefined;
  #soon: NodeJS.Immediate | undefined;
  /** The last commit failed: its retry waits for the interval, whoever waits. */
  #failing = false;
  /** When the current run of failing commits was last reported (performance.now()). */
  #failureReportedAt = 0;
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

  /** Rows waiting to be written: more than usual only while commits fail. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Forgets a write not yet made, for a row that never reached the file. */
  cancel(key: string): void {
    this.#pending.delete(key);
  }

  /**
   * Calls back once every change scheduled so far is committed: at once when nothing is pending
   * and nobody waits before it, else right after the commit, in the order of the calls. Calls back
   * with an error only when the store closes first. A batch that fails to commit is retried and
   * its callers keep waiting: nothing is reported stored that is not.
   */
  afterStored(callback: StoredCallback): void {
    if (this.#closed) return callback(new Error('the store is closed: changes are no longer written'));
    if (this.#pending.size === 0 && this.#waiting.length === 0) return callback();
    this.#waiting.push(callback);
    // Not while a failed batch waits for its retry: retrying at once would spin on a full disk.
    if (!this.#failing) this.#soon ??= setImmediate(() => this.flush());
  }

  /** afterStored() as a promise, for callers that are async anyway. */
  whenStored(): Promise<void> {
    return new Promise((resolve, reject) => this.afterStored((error) => (error ? reject(error) : resolve())));
  }

  flush(): void {
    clearTimeout(this.#timer);
    clearImmediate(this.#soon);
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
      // The transaction rolled back and the batch stays pending (with its callers): retry on the
      // next interval (a full disk may free up) rather than drop state the broker relies on.
      const now = performance.now();
      if (!this.#failing || now - this.#failureReportedAt >= REPEAT_FAILURE_REPORT_MS) {
        this.#failureReportedAt = now;
        this.#options.onFlushError(error);
      }
      this.#failing = true;
      if (!this.#closed) this.#timer = setTimeout(() => this.flush(), this.#options.flushIntervalMs).unref();
      return;
    }
    this.#failing = false;
    if (batch.size > 0) this.#pending = new Map();
    // The write is synchronous: every caller waiting so far waited on changes in this batch (or on
    // changes cancelled since, which need no writing).
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const callback of waiting) callback();
  }

  /** Writes what is pending and releases the prepared statements; the database stays open. */
  close(): void {
    try {
      this.flush();
    } finally {
      this.#closed = true;
      clearTimeout(this.#timer);
      // Whoever still waits waited on a batch that could not be written: never report it stored.
      const error = new Error('the store closed before these changes could be written');
      for (const callback of this.#waiting.splice(0)) callback(error);
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
