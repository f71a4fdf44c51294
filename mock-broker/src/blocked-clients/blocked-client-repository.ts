import type { Database, Row } from '../database/database.js';
import { selectPage, WhereClause, type Page, type PageRequest } from '../database/page-query.js';
import type { BlockedClient, BlockedClientStatus, BlockedClientType, RegexMatchTarget } from './blocked-client.js';

export type BlockedClientSortProperty = 'createdTime' | 'type' | 'value' | 'expirationTime' | 'status' | 'description' | 'regexMatchTarget';

/** An expiry of 0 (never) sorts as the farthest one, as production brokers order it. */
const EXPIRY_ORDER = 'CASE WHEN expiration_time = 0 THEN 9223372036854775807 ELSE expiration_time END';

/** Column per sortable property: only these ever reach the SQL text (status needs the moment: an integer). */
const sortColumn = (property: BlockedClientSortProperty, now: number): string =>
  ({
    createdTime: 'created_time',
    type: 'type',
    value: 'value COLLATE NOCASE',
    expirationTime: EXPIRY_ORDER,
    status: `CASE WHEN expiration_time <> 0 AND expiration_time <= ${Math.trunc(now)} THEN 1 ELSE 0 END`,
    description: 'description COLLATE NOCASE',
    regexMatchTarget: 'regex_match_target',
  })[property];

export interface BlockedClientPageQuery extends PageRequest {
  textSearch?: string;
  sortProperty?: BlockedClientSortProperty;
  sortOrder?: 'ASC' | 'DESC';
  typeList?: BlockedClientType[];
  regexMatchTargetList?: RegexMatchTarget[];
  value?: string;
  /** Bounds of expirationTime, inclusive. */
  startTime?: number;
  endTime?: number;
  statusList?: BlockedClientStatus[];
}

function toBlockedClient(row: Row): BlockedClient {
  return {
    type: row.type as BlockedClientType,
    value: String(row.value),
    regexMatchTarget: (row.regex_match_target ?? undefined) as RegexMatchTarget | undefined,
    expirationTime: Number(row.expiration_time),
    description: typeof row.description === 'string' ? row.description : undefined,
    createdTime: Number(row.created_time),
  };
}

/** Blocked clients in SQLite; one entry per type and value. */
export class BlockedClientRepository {
  constructor(private readonly database: Database) {}

  all(): BlockedClient[] {
    return this.database.all('SELECT * FROM mqtt_blocked_client ORDER BY created_time').map(toBlockedClient);
  }

  save(entry: BlockedClient): void {
    this.database.run(
      `INSERT INTO mqtt_blocked_client (type, value, regex_match_target, expiration_time, description, created_time) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (type, value) DO UPDATE SET regex_match_target = excluded.regex_match_target, expiration_time = excluded.expiration_time, description = excluded.description`,
      [entry.type, entry.value, entry.regexMatchTarget ?? null, entry.expirationTime, entry.description ?? null, entry.createdTime],
    );
  }

  find(type: BlockedClientType, value: string): BlockedClient | undefined {
    const row = this.database.get('SELECT * FROM mqtt_blocked_client WHERE type = ? AND value = ?', [type, value]);
    return row ? toBlockedClient(row) : undefined;
  }

  delete(type: BlockedClientType, value: string): boolean {
    return this.database.run('DELETE FROM mqtt_blocked_client WHERE type = ? AND value = ?', [type, value]).changes > 0;
  }

  page(query: BlockedClientPageQuery, now = Date.now()): Page<BlockedClient> {
    const where = new WhereClause()
      .contains(['value'], query.textSearch)
      .oneOf('type', query.typeList)
      .contains(['value'], query.value)
      .oneOf('regex_match_target', query.regexMatchTargetList);
    if (query.startTime !== undefined) where.add('expiration_time >= ?', query.startTime);
    if (query.endTime !== undefined) where.add('expiration_time <= ?', query.endTime);
    const statuses = new Set(query.statusList ?? []);
    // Status is derived from the expiry: one of the two asked for is a condition, both or none are none.
    if (statuses.size === 1 && statuses.has('ACTIVE')) where.add('(expiration_time = 0 OR expiration_time > ?)', now);
    if (statuses.size === 1 && statuses.has('EXPIRED')) where.add('(expiration_time <> 0 AND expiration_time <= ?)', now);
    const order = `${sortColumn(query.sortProperty ?? 'createdTime', now)} ${query.sortOrder === 'ASC' ? 'ASC' : 'DESC'}, type, value`;
    return selectPage(this.database, 'mqtt_blocked_client', where, order, query, toBlockedClient);
  }
}
