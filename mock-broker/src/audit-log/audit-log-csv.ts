import type { AuditLogEntry } from './audit-log-entry.js';

/** The export's columns, in order (openapi.yaml exportAuditLogs). */
export const CSV_COLUMNS = ['createdTime', 'userName', 'address', 'actionType', 'actionStatus', 'entityType', 'entityId', 'entityName', 'actionFailureDetails', 'actionData'] as const;

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@]/;

/** One cell: formula starts defused with a quote, then quoted as RFC 4180 asks when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvRowOf(entry: AuditLogEntry): string {
  return csvRow([
    new Date(entry.createdTime).toISOString(),
    entry.userName,
    entry.address,
    entry.actionType,
    entry.actionStatus,
    entry.entityType,
    entry.entityId ?? '',
    entry.entityName ?? '',
    entry.actionFailureDetails ?? '',
    JSON.stringify(entry.actionData),
  ]);
}
