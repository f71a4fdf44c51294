import type { Database } from '../database/database.js';
import { ApiError, ErrorCode } from '../http/api-error.js';

/** A row a save writes: its table, and its id (the row it replaces, when it updates one). */
export interface StoredRow {
  table: 'ws_connection' | 'ws_subscription' | 'ws_saved_message';
  id: string;
}

/** The bytes of text a row keeps, as SQLite counts them (UTF-8); null counts nothing. */
export function bytesOf(...texts: (string | null)[]): number {
  return texts.reduce((sum, text) => sum + (text === null ? 0 : Buffer.byteLength(text, 'utf8')), 0);
}

/** Text columns in bytes, in SQLite's terms; the same sum as bytesOf over the row's values. */
const BYTES = (columns: string[]) => columns.map((column) => `IFNULL(LENGTH(CAST(${column} AS BLOB)), 0)`).join(' + ');

/** Every web-socket client row of one user with the bytes it keeps; ? placeholders: user id three times. */
const ROWS_OF_USER = `
  SELECT 'ws_connection' AS kind, id, ${BYTES(['name', 'configuration', 'password'])} AS bytes FROM ws_connection WHERE user_id = ?
  UNION ALL
  SELECT 'ws_subscription', item.id, ${BYTES(['item.topic_filter', 'item.configuration'])} FROM ws_subscription AS item
    JOIN ws_connection AS connection ON connection.id = item.connection_id WHERE connection.user_id = ?
  UNION ALL
  SELECT 'ws_saved_message', item.id, ${BYTES(['item.name', 'item.configuration'])} FROM ws_saved_message AS item
    JOIN ws_connection AS connection ON connection.id = item.connection_id WHERE connection.user_id = ?`;

/**
 * The bytes the web-socket client keeps for one user (issue 26 N17): names, configurations, topic
 * filters and passwords of their connections, subscriptions and saved messages, summed. The counts
 * (100 connections, 100 of each item per connection) alone would let one user fill gigabytes.
 */
export class StorageBudget {
  constructor(
    private readonly database: Database,
    /** STARLING_WS_CLIENT_MAX_BYTES_PER_USER. */
    private readonly maxBytes: number,
  ) {}

  /** The user's bytes now, less those of the row a save replaces. */
  used(userId: string, replacing?: StoredRow): number {
    const row = this.database.get(`SELECT IFNULL(SUM(bytes), 0) AS used FROM (${ROWS_OF_USER}) WHERE NOT (kind = ? AND id = ?)`, [
      userId,
      userId,
      userId,
      replacing?.table ?? '',
      replacing?.id ?? '',
    ]);
    return Number(row?.used ?? 0);
  }

  /** Refuses (413 naming the field) a save that would take the user past the bound; run in the transaction of the write. */
  check(userId: string, row: StoredRow, bytes: number, field: string): void {
    const used = this.used(userId, row);
    if (used + bytes <= this.maxBytes) return;
    throw new ApiError(
      413,
      ErrorCode.invalidArguments,
      `${field}: the web-socket client keeps at most ${this.maxBytes} bytes per user, ${used} are in use and this save needs ${bytes}: delete saved messages, subscriptions or connections first`,
    );
  }
}
