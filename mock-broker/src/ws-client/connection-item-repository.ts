import type { Database, Row } from '../database/database.js';
import { type Page, type PageRequest, selectPage, WhereClause } from '../database/page-query.js';
import { bytesOf, type StoredRow } from './storage-budget.js';

/**
 * Something a saved connection keeps a list of: a subscription (keyed by its topic filter) or a
 * saved message (keyed by its name). The key is unique per connection.
 */
export interface ConnectionItem<Configuration> {
  id: string;
  createdTime: number;
  webSocketConnectionId: string;
  key: string;
  configuration: Configuration;
}

/** Where a kind of item lives: its table, the column of its key, and the order lists come in. */
export interface ConnectionItemTable {
  table: 'ws_subscription' | 'ws_saved_message';
  keyColumn: 'topic_filter' | 'name';
  /** Fixed SQL text, never from a request. */
  orderBy: string;
}

/** One kind of connection item in SQLite. Reads by id join the connection, so that they stay within one user. */
export class ConnectionItemRepository<Configuration> {
  constructor(
    private readonly database: Database,
    private readonly where: ConnectionItemTable,
  ) {}

  private toItem = (row: Row): ConnectionItem<Configuration> => ({
    id: String(row.id),
    createdTime: Number(row.created_time),
    webSocketConnectionId: String(row.connection_id),
    key: String(row[this.where.keyColumn]),
    configuration: JSON.parse(String(row.configuration)) as Configuration,
  });

  /** The item, when it belongs to one of the user's connections. */
  find(userId: string, id: string): ConnectionItem<Configuration> | undefined {
    const row = this.database.get(
      `SELECT item.* FROM ${this.where.table} AS item JOIN ws_connection AS connection ON connection.id = item.connection_id
       WHERE item.id = ? AND connection.user_id = ?`,
      [id, userId],
    );
    return row ? this.toItem(row) : undefined;
  }

  list(connectionId: string): ConnectionItem<Configuration>[] {
    return this.database.all(`SELECT * FROM ${this.where.table} WHERE connection_id = ? ORDER BY ${this.where.orderBy}`, [connectionId]).map(this.toItem);
  }

  page(connectionId: string, request: PageRequest): Page<ConnectionItem<Configuration>> {
    return selectPage(this.database, this.where.table, new WhereClause().add('connection_id = ?', connectionId), this.where.orderBy, request, this.toItem);
  }

  count(connectionId: string): number {
    return Number(this.database.get(`SELECT COUNT(*) AS n FROM ${this.where.table} WHERE connection_id = ?`, [connectionId])?.n ?? 0);
  }

  /** The id of the connection's item with this key, if any. */
  holderOf(connectionId: string, key: string): string | undefined {
    const row = this.database.get(`SELECT id FROM ${this.where.table} WHERE connection_id = ? AND ${this.where.keyColumn} = ?`, [connectionId, key]);
    return row ? String(row.id) : undefined;
  }

  /** The row an item is kept in, and the bytes it keeps there (its key and configuration). */
  rowOf(item: ConnectionItem<Configuration>): { row: StoredRow; bytes: number } {
    return { row: { table: this.where.table, id: item.id }, bytes: bytesOf(item.key, JSON.stringify(item.configuration)) };
  }

  /** Inserts a new item or updates the one with the same id (its connection and creation time stay). */
  save(item: ConnectionItem<Configuration>): void {
    const { table, keyColumn } = this.where;
    this.database.run(
      `INSERT INTO ${table} (id, created_time, connection_id, ${keyColumn}, configuration) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET ${keyColumn} = excluded.${keyColumn}, configuration = excluded.configuration`,
      [item.id, item.createdTime, item.webSocketConnectionId, item.key, JSON.stringify(item.configuration)],
    );
  }

  delete(id: string): boolean {
    return this.database.run(`DELETE FROM ${this.where.table} WHERE id = ?`, [id]).changes > 0;
  }
}
