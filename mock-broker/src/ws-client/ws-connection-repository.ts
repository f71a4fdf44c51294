import { inTransaction, type Database, type Row } from '../database/database.js';
import { selectPage, WhereClause, type Page, type PageRequest } from '../database/page-query.js';
import { bytesOf, type StoredRow } from './storage-budget.js';
import type { StoredConnection } from './ws-connection.js';

export type WsConnectionSortProperty = 'name' | 'createdTime';

/** Column per sortable property: only these ever reach the SQL text. */
const SORT_COLUMNS: Record<WsConnectionSortProperty, string> = {
  name: 'name COLLATE NOCASE',
  createdTime: 'created_time',
};

export interface WsConnectionPageQuery extends PageRequest {
  textSearch?: string;
  sortProperty?: WsConnectionSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

function toConnection(row: Row): StoredConnection {
  return {
    id: String(row.id),
    createdTime: Number(row.created_time),
    userId: String(row.user_id),
    name: String(row.name),
    configuration: JSON.parse(String(row.configuration)) as StoredConnection['configuration'],
    password: typeof row.password === 'string' ? row.password : null,
  };
}

/** The web-socket client's saved connections in SQLite; every read is scoped to one user. */
export class WsConnectionRepository {
  constructor(private readonly database: Database) {}

  /** Runs work in one transaction: checks and the write it guards see the same state. */
  transaction<T>(work: () => T): T {
    return inTransaction(this.database, work);
  }

  find(userId: string, id: string): StoredConnection | undefined {
    const row = this.database.get('SELECT * FROM ws_connection WHERE user_id = ? AND id = ?', [userId, id]);
    return row ? toConnection(row) : undefined;
  }

  findByName(userId: string, name: string): StoredConnection | undefined {
    const row = this.database.get('SELECT * FROM ws_connection WHERE user_id = ? AND name = ?', [userId, name]);
    return row ? toConnection(row) : undefined;
  }

  count(userId: string): number {
    return Number(this.database.get('SELECT COUNT(*) AS n FROM ws_connection WHERE user_id = ?', [userId])?.n ?? 0);
  }

  /** The ids of the credentials made for AUTO connections, every user's. */
  autoCredentialsIds(): string[] {
    return this.database
      .all(`SELECT json_extract(configuration, '$.clientCredentialsId') AS id FROM ws_connection WHERE json_extract(configuration, '$.credentialsMode') = 'AUTO'`)
      .flatMap((row) => (typeof row.id === 'string' ? [row.id] : []));
  }

  allOf(userId: string): StoredConnection[] {
    return this.database.all('SELECT * FROM ws_connection WHERE user_id = ?', [userId]).map(toConnection);
  }

  page(userId: string, query: WsConnectionPageQuery): Page<StoredConnection> {
    const where = new WhereClause().add('user_id = ?', userId).contains(['name'], query.textSearch);
    const order = `${SORT_COLUMNS[query.sortProperty ?? 'name']} ${query.sortOrder === 'DESC' ? 'DESC' : 'ASC'}, id`;
    return selectPage(this.database, 'ws_connection', where, order, query, toConnection);
  }

  /** The row a connection is kept in, and the bytes it keeps there (name, configuration, password). */
  rowOf(connection: StoredConnection): { row: StoredRow; bytes: number } {
    return { row: { table: 'ws_connection', id: connection.id }, bytes: bytesOf(connection.name, JSON.stringify(connection.configuration), connection.password) };
  }

  /** Inserts a new connection or updates the one with the same id (its owner and creation time stay). */
  save(connection: StoredConnection): void {
    this.database.run(
      `INSERT INTO ws_connection (id, created_time, user_id, name, configuration, password) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, configuration = excluded.configuration, password = excluded.password`,
      [connection.id, connection.createdTime, connection.userId, connection.name, JSON.stringify(connection.configuration), connection.password],
    );
  }

  /** Deletes the connection; its subscriptions and saved messages go with it (ON DELETE CASCADE), in the same statement. */
  delete(userId: string, id: string): boolean {
    return this.database.run('DELETE FROM ws_connection WHERE user_id = ? AND id = ?', [userId, id]).changes > 0;
  }

  /** Deletes every connection of the user, with their items, in one transaction; answers what was deleted. */
  deleteAllOf(userId: string): StoredConnection[] {
    return this.transaction(() => {
      const connections = this.allOf(userId);
      this.database.run('DELETE FROM ws_connection WHERE user_id = ?', [userId]);
      return connections;
    });
  }
}
