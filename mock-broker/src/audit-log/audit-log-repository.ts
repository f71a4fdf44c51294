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
  /** Kept in memory so that keeping the count takes no query per entry. */
  private count: number;

  constructor(
    private readonly database: Database,
    private readonly maxEntries: number,
  ) {
    this.count = Number(database.get('SELECT COUNT(*) AS n FROM audit_log')?.n ?? 0);
  }

  /** One insert; past the maximum, the oldest entry goes in the same commit (a delete by primary key). */
  append(entry: NewAuditLogEntry): void {
    if (this.count < this.maxEntries) {
      this.insert(entry);
      this.count += 1;
      return;
    }
    inTransaction(this.database, () => {
      this.insert(entry);
      this.dropOldest(this.count + 1 - this.maxEntries);
    });
    this.count = this.maxEntries;
  }

  private insert(entry: NewAuditLogEntry): void {
    this.database.run(
      `INSERT INTO audit_log (created_time, user_id, user_name, address, entity_type, entity_id, entity_name, action_type, action_status, action_failure_details, action_data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
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
      ],
    );
  }

  /** Entries older than the cut-off go, and any beyond the maximum. */
  prune(olderThan: number): void {
    this.database.run('DELETE FROM audit_log WHERE created_time < ?', [olderThan]);
    this.count = Number(this.database.get('SELECT COUNT(*) AS n FROM audit_log')?.n ?? 0);
    if (this.count > this.maxEntries) {
      this.dropOldest(this.count - this.maxEntries);
      this.count = this.maxEntries;
    }
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

  private dropOldest(howMany: number): void {
    this.database.run('DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id LIMIT ?)', [howMany]);
  }
}
