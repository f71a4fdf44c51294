import type { Database } from '../../database/database.js';
import { rowKey, type PayloadRow } from './persistence-rows.js';
import type { WriteBehind } from './write-behind.js';

interface Holders {
  /** Queued messages holding this very Buffer, the first one stored inline. */
  count: number;
  row: PayloadRow | undefined;
}

/**
 * Payloads at least this large are tracked for sharing: below it, a copy per row costs about what
 * the row of a shared payload and its bookkeeping would.
 */
export const SHARED_PAYLOAD_MIN_BYTES = 512;

/**
 * Lets the queue rows of a message sent to many offline sessions share one stored copy of its
 * payload. Aedes hands every session's queue the same packet, so the same Buffer: the first
 * message queued with a payload is stored inline as before (a message for one session costs no
 * more), and from the second one on the messages holding that Buffer refer to one payload row.
 * A fan-out to N sessions writes the payload twice, not N times. Held bytes are still counted per
 * message against the queue bounds, so the bounds mean what they did.
 */
export class SharedPayloads {
  readonly #journal: WriteBehind;
  readonly #holders = new Map<Buffer, Holders>();
  #nextId = 1;

  constructor(journal: WriteBehind) {
    this.#journal = journal;
  }

  /** Takes note of a message queued with `payload`; answers the row it is to refer to, if any. */
  hold(payload: Buffer | string | undefined): PayloadRow | undefined {
    if (!Buffer.isBuffer(payload) || payload.length < SHARED_PAYLOAD_MIN_BYTES) return undefined;
    const holders = this.#holders.get(payload);
    if (!holders) {
      this.#holders.set(payload, { count: 1, row: undefined });
      return undefined;
    }
    holders.count += 1;
    if (!holders.row) {
      const row: PayloadRow = { id: this.#nextId++, refs: 0, written: false };
      holders.row = row;
      this.#journal.schedule(rowKey('payload', row.id), 'INSERT INTO mqtt_outgoing_payload (id, payload) VALUES (?, ?)', () => {
        row.written = true;
        return [row.id, payload];
      });
    }
    holders.row.refs += 1;
    return holders.row;
  }

  /** A message held with hold() is gone (acknowledged, replaced by its pubrel, or its session ended). */
  release(payload: Buffer | string | undefined, row: PayloadRow | undefined): void {
    if (row) {
      row.refs -= 1;
      if (row.refs === 0) this.#drop(row);
    }
    if (!Buffer.isBuffer(payload)) return;
    const holders = this.#holders.get(payload);
    if (!holders) return;
    holders.count -= 1;
    if (holders.row === row && row?.refs === 0) holders.row = undefined;
    if (holders.count === 0) this.#holders.delete(payload);
  }

  /**
   * Reads the stored payloads at start-up: answers each by id, for the queued messages to refer
   * to, with the same Buffer for all of them. A row no message turns out to refer to is deleted
   * by forgetUnreferenced().
   */
  load(database: Database): Map<number, { payload: Buffer; row: PayloadRow }> {
    const rows = new Map<number, { payload: Buffer; row: PayloadRow }>();
    for (const stored of database.all('SELECT id, payload FROM mqtt_outgoing_payload')) {
      const id = Number(stored.id);
      const bytes = stored.payload as Uint8Array;
      rows.set(id, { payload: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), row: { id, refs: 0, written: true } });
      this.#nextId = Math.max(this.#nextId, id + 1);
    }
    return rows;
  }

  /** Puts back a message read at start-up that refers to a stored payload. */
  restore(payload: Buffer, row: PayloadRow): void {
    row.refs += 1;
    const holders = this.#holders.get(payload);
    if (holders) holders.count += 1;
    else this.#holders.set(payload, { count: 1, row });
  }

  /** Deletes the stored payloads no restored message referred to (left by a crash between batches, or never). */
  forgetUnreferenced(rows: Iterable<{ row: PayloadRow }>): void {
    for (const { row } of rows) if (row.refs === 0) this.#drop(row);
  }

  #drop(row: PayloadRow): void {
    const key = rowKey('payload', row.id);
    if (row.written) this.#journal.schedule(key, 'DELETE FROM mqtt_outgoing_payload WHERE id = ?', () => [row.id]);
    else this.#journal.cancel(key);
  }
}
