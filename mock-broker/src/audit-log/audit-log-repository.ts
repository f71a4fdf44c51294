import { inTransaction, type Database, type Row } from '../database/database.js';
import { boundedText } from '../database/bounded-text.js';
import { selectPage, WhereClause, type Page, type PageRequest } from '../database/page-query.js';
import type { AuditLogActionStatus, AuditLogActionType, AuditLogEntityType, AuditLogEntry, NewAuditLogEntry } from './audit-log-entry.js';

/** actionData past this many bytes of JSON is cut, and the entry says so: one entry never grows the log by more. */
export const MAX_ACTION_DATA_BYTES = 16 * 1024;
/**
 * A refused call changed nothing: its entry keeps who tried what (the parameters, the start of the
 * body) in at most this much, so that repeated refused calls, which anyone signed in can make,
 * grow the log by little.
 */
export const MAX_FAILED_ACTION_DATA_BYTES = 1024;
/** Names, ids and messages come from callers: each is kept to a length a page can show. */
const MAX_NAME_CHARACTERS = 1024;
const MAX_DETAILS_CHARACTERS = 4096;
/** What a row costs beside its text: its numbers, kinds and the table's and index's bookkeeping. */
const ROW_OVERHEAD_BYTES = 64;
/** A stored row's size in bytes, counted the same way by SQL (sizes of rows already written) and by storedSize. */
const ROW_BYTES_SQL = `(${ROW_OVERHEAD_BYTES} + ${['user_name', 'address', 'entity_id', 'entity_name', 'action_failure_details', 'action_data']
  .map((column) => `COALESCE(length(CAST(${column} AS BLOB)), 0)`)
  .join(' + ')})`;

/** Where the log stops growing: the oldest entries go first once either is reached. */
export interface AuditLogLimits {
  maxEntries: number;
  /** Bytes of stored text (names, addresses, details, actionData) with a fixed cost per row. */
  maxBytes: number;
}

/** What the list and the export filter by (openapi.yaml getAuditLogs); each absent filter finds everything. */
export interface AuditLogFilter {
  textSearch?: string;
  userIds?: string[];
  entityTypes?: AuditLogEntityType[];
  actionTypes?: AuditLogActionType[];
  actionStatus?: AuditLogActionStatus;
  startTime?: number;
  endTime?: number;
}

export type AuditLogSortProperty = 'createdTime' | 'userName' | 'entityType' | 'actionType';

const SORT_COLUMNS: Record<AuditLogSortProperty, string> = {
  createdTime: 'created_time',
  userName: 'user_name',
  entityType: 'entity_type',
  actionType: 'action_type',
};

/** The stored JSON of actionData: as given, or cut with the mark `truncated` when it is too large. */
export function storedActionData(data: Record<string, unknown>, maxBytes = MAX_ACTION_DATA_BYTES): string {
  const text = JSON.stringify(data);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxBytes) return text;
  // Room for the wrapper; the excerpt is cut by characters, at most three bytes each in UTF-8.
  const excerpt = boundedText(text, Math.floor((maxBytes - 256) / 3));
  return JSON.stringify({ truncated: true, originalBytes: bytes, excerpt });
}

function optional(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

function entryOf(row: Row): AuditLogEntry {
  const userId = optional(row.user_id);
  const entityId = optional(row.entity_id);
  const entityName = optional(row.entity_name);
  const actionFailureDetails = optional(row.action_failure_details);
  return {
    id: String(row.id),
    createdTime: Number(row.created_time),
    ...(userId === undefined ? {} : { userId }),
    userName: String(row.user_name),
    address: String(row.address),
    entityType: String(row.entity_type) as AuditLogEntityType,
    ...(entityId === undefined ? {} : { entityId }),
    ...(entityName === undefined ? {} : { entityName }),
    actionType: String(row.action_type) as AuditLogActionType,
    actionStatus: String(row.action_status) as AuditLogActionStatus,
    ...(actionFailureDetails === undefined ? {} : { actionFailureDetails }),
    actionData: JSON.parse(String(row.action_data)) as Record<string, unknown>,
  };
}

function whereOf(filter: AuditLogFilter): WhereClause {
  const where = new WhereClause()
    .contains(['user_name', 'entity_name', 'entity_id'], filter.textSearch)
    .oneOf('user_id', filter.userIds)
    .oneOf('entity_type', filter.entityTypes)
    .oneOf('action_type', filter.actionTypes);
  if (filter.actionStatus !== undefined) where.add('action_status = ?', filter.actionStatus);
  if (filter.startTime !== undefined) where.add('created_time >= ?', filter.startTime);
  if (filter.endTime !== undefined) where.add('created_time < ?', filter.endTime);
  return where;
}

/** The audit log's rows in the node's database: appended, listed, exported in chunks, pruned. */
export class AuditLogRepository {
  /** Rows and their bytes, kept in memory so that keeping the limits takes no query per entry. */
  private count = 0;
  private bytes = 0;

  constructor(
    private readonly database: Database,
    private readonly limits: AuditLogLimits,
  ) {
    this.recount();
  }

  /** Rows stored now, and their bytes as the limit counts them. */
  size(): { entries: number; bytes: number } {
    return { entries: this.count, bytes: this.bytes };
  }

  /** One insert; past a limit, the oldest entries go in the same commit. */
  append(entry: NewAuditLogEntry): void {
    const row = rowOf(entry);
    const rowBytes = storedBytes(row);
    if (this.count < this.limits.maxEntries && this.bytes + rowBytes <= this.limits.maxBytes) {
      this.insert(row);
      this.count += 1;
      this.bytes += rowBytes;
      return;
    }
    try {
      const dropped = inTransaction(this.database, () => {
        const id = this.insert(row);
        return this.dropOldest(this.count + 1 - this.limits.maxEntries, this.bytes + rowBytes - this.limits.maxBytes, id);
      });
      this.count += 1 - dropped.entries;
      this.bytes += rowBytes - dropped.bytes;
    } catch (error) {
      this.recount();
      throw error;
    }
  }

  private insert(row: StoredRow): number {
    this.database.run(
      `INSERT INTO audit_log (created_time, user_id, user_name, address, entity_type, entity_id, entity_name, action_type, action_status, action_failure_details, action_data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row,
    );
    return Number(this.database.get('SELECT last_insert_rowid() AS id')?.id);
  }

  /** Entries older than the cut-off go, and the oldest of the rest while a limit is passed. */
  prune(olderThan: number): void {
    this.database.run('DELETE FROM audit_log WHERE created_time < ?', [olderThan]);
    this.recount();
    if (this.count > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const dropped = this.dropOldest(this.count - this.limits.maxEntries, this.bytes - this.limits.maxBytes, Number.MAX_SAFE_INTEGER);
      this.count -= dropped.entries;
      this.bytes -= dropped.bytes;
    }
  }

  private recount(): void {
    const totals = this.database.get(`SELECT COUNT(*) AS n, COALESCE(SUM(${ROW_BYTES_SQL}), 0) AS bytes FROM audit_log`);
    this.count = Number(totals?.n ?? 0);
    this.bytes = Number(totals?.bytes ?? 0);
  }

  page(filter: AuditLogFilter, request: PageRequest, sortProperty: AuditLogSortProperty, sortOrder: 'ASC' | 'DESC'): Page<AuditLogEntry> {
    // Ties keep the order of writing, newest first unless asked otherwise, so pages never overlap.
    const orderBy = `${SORT_COLUMNS[sortProperty]} ${sortOrder}, id ${sortOrder}`;
    return selectPage(this.database, 'audit_log', whereOf(filter), orderBy, request, entryOf);
  }

  /**
   * The filter's entries newest first, at most `limit`, in chunks of `chunkSize`: each chunk is one
   * query continuing after the last row of the one before, so a large export never holds the
   * database (or every row) at once.
   */
  *newestFirst(filter: AuditLogFilter, limit: number, chunkSize = 1000): Generator<AuditLogEntry[]> {
    let after: number | undefined;
    let left = limit;
    while (left > 0) {
      const where = whereOf(filter);
      if (after !== undefined) where.add('id < ?', after);
      const rows = this.database.all(`SELECT * FROM audit_log ${where.sql} ORDER BY id DESC LIMIT ?`, [...where.parameters, Math.min(chunkSize, left)]);
      if (rows.length === 0) return;
      left -= rows.length;
      after = Number(rows[rows.length - 1]?.id);
      yield rows.map(entryOf);
    }
  }

  /**
   * Deletes the oldest rows until at least `entries` rows and `bytes` bytes are gone, never the row
   * `keepFrom` or a newer one (the entry just written stays, however small the limit).
   */
  private dropOldest(entries: number, bytes: number, keepFrom: number): { entries: number; bytes: number } {
    const dropped = { entries: 0, bytes: 0 };
    let lastId: number | undefined;
    while (dropped.entries < entries || dropped.bytes < bytes) {
      const rows = this.database.all(`SELECT id, ${ROW_BYTES_SQL} AS bytes FROM audit_log WHERE id > ? AND id < ? ORDER BY id LIMIT 256`, [lastId ?? -1, keepFrom]);
      if (rows.length === 0) break;
      for (const row of rows) {
        lastId = Number(row.id);
        dropped.entries += 1;
        dropped.bytes += Number(row.bytes);
        if (dropped.entries >= entries && dropped.bytes >= bytes) break;
      }
    }
    if (lastId !== undefined) this.database.run('DELETE FROM audit_log WHERE id <= ?', [lastId]);
    return dropped;
  }
}

/** An entry's column values as stored: every caller-given text bounded, actionData cut to its limit. */
type StoredRow = [number, string | null, string, string, string, string | null, string | null, string, string, string | null, string];

function rowOf(entry: NewAuditLogEntry): StoredRow {
  return [
    entry.createdTime,
    entry.userId ?? null,
    boundedText(entry.userName, MAX_NAME_CHARACTERS),
    boundedText(entry.address, MAX_NAME_CHARACTERS),
    entry.entityType,
    entry.entityId === undefined ? null : boundedText(entry.entityId, MAX_NAME_CHARACTERS),
    entry.entityName === undefined ? null : boundedText(entry.entityName, MAX_NAME_CHARACTERS),
    entry.actionType,
    entry.actionStatus,
    entry.actionFailureDetails === undefined ? null : boundedText(entry.actionFailureDetails, MAX_DETAILS_CHARACTERS),
    storedActionData(entry.actionData, entry.actionStatus === 'FAILURE' ? MAX_FAILED_ACTION_DATA_BYTES : MAX_ACTION_DATA_BYTES),
  ];
}

/** The row's bytes as ROW_BYTES_SQL counts them once it is stored. */
function storedBytes(row: StoredRow): number {
  const [, , userName, address, , entityId, entityName, , , failureDetails, actionData] = row;
  let bytes = ROW_OVERHEAD_BYTES;
  for (const text of [userName, address, entityId, entityName, failureDetails, actionData]) {
    if (text !== null) bytes += Buffer.byteLength(text, 'utf8');
  }
  return bytes;
}
