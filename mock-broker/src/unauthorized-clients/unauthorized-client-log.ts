import { loggedText } from '../database/bounded-text.js';
import { inTransaction, type Database, type Row } from '../database/database.js';
import { selectPage, WhereClause, type Page, type PageRequest } from '../database/page-query.js';

/** One refused sign-in (BROKER-API.md "Unauthorized client"). */
export interface UnauthorizedClient {
  clientId: string;
  ipAddress: string;
  ts: number;
  username: string | null;
  passwordProvided: boolean;
  tlsUsed: boolean;
  reason: string;
}

export type UnauthorizedClientSortProperty = 'ts' | 'clientId' | 'ipAddress' | 'username' | 'reason';

const SORT_COLUMNS: Record<UnauthorizedClientSortProperty, string> = {
  ts: 'ts',
  clientId: 'client_id COLLATE NOCASE',
  ipAddress: 'ip_address',
  username: 'username COLLATE NOCASE',
  reason: 'reason COLLATE NOCASE',
};

export interface UnauthorizedClientPageQuery extends PageRequest {
  textSearch?: string;
  sortProperty?: UnauthorizedClientSortProperty;
  sortOrder?: 'ASC' | 'DESC';
  clientId?: string;
  ipAddress?: string;
  username?: string;
  reason?: string;
  passwordProvidedList?: boolean[];
  tlsUsedList?: boolean[];
  startTime?: number;
  endTime?: number;
}

function toUnauthorizedClient(row: Row): UnauthorizedClient {
  return {
    clientId: String(row.client_id),
    ipAddress: String(row.ip_address),
    ts: Number(row.ts),
    username: typeof row.username === 'string' ? row.username : null,
    passwordProvided: Number(row.password_provided) === 1,
    tlsUsed: Number(row.tls_used) === 1,
    reason: String(row.reason),
  };
}

const FLUSH_DELAY_MS = 500;
/** Rows kept at most: a flood of made-up client ids must not fill the disk. */
const DEFAULT_CAPACITY = 10_000;

/**
 * The unauthorized-client log in SQLite, the latest refusal per client id. Refusals are written
 * in batches: a reconnect storm of refused clients costs one commit per half second, not one
 * synchronous commit per CONNECT; a batch that reaches the capacity is written at once. Reads write
 * what is pending first. Bounded in bytes too: client ids, usernames and reasons are kept to 256
 * characters (a client id may be 65,535 bytes long), and a longer id is looked up cut the same way.
 */
export class UnauthorizedClientLog {
  private readonly pending = new Map<string, UnauthorizedClient>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  record(entry: UnauthorizedClient): void {
    const clientId = loggedText(entry.clientId);
    this.pending.set(clientId, {
      ...entry,
      clientId,
      username: entry.username === null ? null : loggedText(entry.username),
      reason: loggedText(entry.reason),
    });
    if (this.pending.size >= this.capacity) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_DELAY_MS);
  }

  /** Rows kept and characters of their text (for the bounds' tests). */
  footprint(): { rows: number; textCharacters: number } {
    this.flush();
    const row = this.database.get(
      "SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(client_id) + LENGTH(ip_address) + LENGTH(IFNULL(username, '')) + LENGTH(reason)), 0) AS characters FROM mqtt_unauthorized_client",
    );
    return { rows: Number(row?.n ?? 0), textCharacters: Number(row?.characters ?? 0) };
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const entries = [...this.pending.values()];
    this.pending.clear();
    inTransaction(this.database, () => {
      for (const entry of entries) {
        this.database.run(
          'INSERT OR REPLACE INTO mqtt_unauthorized_client (client_id, ip_address, ts, username, password_provided, tls_used, reason) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [entry.clientId, entry.ipAddress, entry.ts, entry.username, entry.passwordProvided ? 1 : 0, entry.tlsUsed ? 1 : 0, entry.reason],
        );
      }
      this.database.run('DELETE FROM mqtt_unauthorized_client WHERE client_id NOT IN (SELECT client_id FROM mqtt_unauthorized_client ORDER BY ts DESC LIMIT ?)', [this.capacity]);
    });
  }

  page(query: UnauthorizedClientPageQuery): Page<UnauthorizedClient> {
    this.flush();
    const where = new WhereClause()
      .contains(['client_id'], query.textSearch)
      .contains(['client_id'], query.clientId)
      .contains(['ip_address'], query.ipAddress)
      .contains(['username'], query.username)
      .contains(['reason'], query.reason)
      .oneOf('password_provided', query.passwordProvidedList?.map(Number))
      .oneOf('tls_used', query.tlsUsedList?.map(Number));
    if (query.startTime !== undefined) where.add('ts >= ?', query.startTime);
    if (query.endTime !== undefined) where.add('ts <= ?', query.endTime);
    const order = `${SORT_COLUMNS[query.sortProperty ?? 'ts']} ${query.sortOrder === 'ASC' ? 'ASC' : 'DESC'}, client_id`;
    return selectPage(this.database, 'mqtt_unauthorized_client', where, order, query, toUnauthorizedClient);
  }

  /** Forgets one client id; answers whether it was logged. */
  delete(clientId: string): boolean {
    this.flush();
    return this.database.run('DELETE FROM mqtt_unauthorized_client WHERE client_id = ?', [loggedText(clientId)]).changes > 0;
  }

  deleteAll(): void {
    this.pending.clear();
    this.flush();
    this.database.run('DELETE FROM mqtt_unauthorized_client');
  }
}
