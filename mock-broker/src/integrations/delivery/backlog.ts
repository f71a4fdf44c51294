import type { Database } from '../../database/database.js';
import type { RowJournal } from '../../mqtt/persistence/write-behind.js';
import { entryBytes, messageFields, messageFromRow, type BacklogEntry, type CapturedMessage } from './captured-message.js';

const INSERT = 'INSERT OR REPLACE INTO integration_backlog (integration_id, seq, message, payload) VALUES (?, ?, ?, ?)';
const DELETE = 'DELETE FROM integration_backlog WHERE integration_id = ? AND seq = ?';

/**
 * What one integration has yet to deliver, in order, in memory and in SQLite. Rows are written
 * through the MQTT persistence's journal, so a message taken here is committed before its
 * publisher is acknowledged (the rule persistent sessions follow: mqtt/flow/acknowledge-once-stored.ts),
 * and a delivered one is deleted in a later commit: a crash between delivery and that commit
 * sends it again (at least once). Bounded in bytes: a message that would pass the bound is refused.
 */
export class Backlog {
  readonly #entries = new Map<number, BacklogEntry>();
  #nextSeq = 1;
  #bytes = 0;

  constructor(
    private readonly integrationId: string,
    private readonly journal: RowJournal,
    readonly maxBytes: number,
  ) {}

  /** Reads what the integration had not delivered when the node stopped. */
  restore(database: Database): void {
    const rows = database.all('SELECT seq, message, payload FROM integration_backlog WHERE integration_id = ? ORDER BY seq', [this.integrationId]);
    for (const row of rows) {
      const message = messageFromRow(String(row.message), row.payload as Uint8Array);
      const entry: BacklogEntry = { ...message, seq: Number(row.seq), bytes: entryBytes(message), attempts: 0 };
      this.#entries.set(entry.seq, entry);
      this.#bytes += entry.bytes;
      this.#nextSeq = entry.seq + 1;
    }
  }

  get messages(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Takes the message, or answers undefined when it would pass the bound (the caller counts it dropped). */
  append(message: CapturedMessage): BacklogEntry | undefined {
    const bytes = entryBytes(message);
    if (this.#bytes + bytes > this.maxBytes) return undefined;
    const entry: BacklogEntry = { ...message, seq: this.#nextSeq++, bytes, attempts: 0 };
    this.#entries.set(entry.seq, entry);
    this.#bytes += bytes;
    this.journal.schedule(this.#key(entry.seq), INSERT, () => [this.integrationId, entry.seq, messageFields(message), message.payload]);
    return entry;
  }

  /** The entries in backlog order. */
  values(): IterableIterator<BacklogEntry> {
    return this.#entries.values();
  }

  /** The target took it: it leaves the backlog (and the file in a later commit). */
  delivered(entry: BacklogEntry): void {
    if (!this.#entries.delete(entry.seq)) return;
    this.#bytes -= entry.bytes;
    this.journal.schedule(this.#key(entry.seq), DELETE, () => [this.integrationId, entry.seq]);
  }

  /** Forgets everything (the integration is deleted). */
  clear(): void {
    for (const entry of this.#entries.values()) this.journal.schedule(this.#key(entry.seq), DELETE, () => [this.integrationId, entry.seq]);
    this.#entries.clear();
    this.#bytes = 0;
  }

  #key(seq: number): string {
    return `integration-backlog:${this.integrationId}:${seq}`;
  }
}
