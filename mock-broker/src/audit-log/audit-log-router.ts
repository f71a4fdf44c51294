import { once } from 'node:events';
import { Router, type Request } from 'express';
import type { PageRequest } from '../database/page-query.js';
import { CSV_COLUMNS, csvRow, csvRowOf } from './audit-log-csv.js';
import { auditLogFilterOf, sortOf } from './audit-log-filters.js';
import type { AuditLogRepository } from './audit-log-repository.js';

/** openapi.yaml exportAuditLogs: at most this many rows. */
export const MAX_EXPORTED_ENTRIES = 100_000;

function parametersOf(request: Request): Record<string, unknown> {
  return request.contractParameters ?? {};
}

/** `audit-log-2026-11-27T12-30-00Z.csv`: when it was taken, in a name every file system takes. */
function exportFileName(now: Date): string {
  return `audit-log-${now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.csv`;
}

/** System settings → Audit log: the entries, filtered and paged, and the same as a CSV file. */
export function auditLogRouter(repository: AuditLogRepository): Router {
  const router = Router();
  router.get('/api/audit-log', (request, response) => {
    const parameters = parametersOf(request);
    const { sortProperty, sortOrder } = sortOf(parameters);
    response.json(repository.page(auditLogFilterOf(parameters), parameters as unknown as PageRequest, sortProperty, sortOrder));
  });
  router.get('/api/audit-log/export', async (request, response) => {
    const filter = auditLogFilterOf(parametersOf(request));
    response.status(200);
    response.type('text/csv; charset=utf-8');
    response.attachment(exportFileName(new Date()));
    response.write(csvRow([...CSV_COLUMNS]));
    // Written a chunk of rows at a time, waiting while the client is behind: a large export is
    // never one string in memory, and a slow reader holds at most one chunk.
    for (const entries of repository.newestFirst(filter, MAX_EXPORTED_ENTRIES)) {
      if (response.destroyed) return;
      if (!response.write(entries.map(csvRowOf).join(''))) await Promise.race([once(response, 'drain'), once(response, 'close')]);
    }
    response.end();
  });
  return router;
}
