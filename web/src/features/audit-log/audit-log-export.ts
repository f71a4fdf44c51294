import type { IntlShape } from 'react-intl';
import { exportAuditLogs } from '../../api/generated/endpoints/audit-log/audit-log';
import type { ExportAuditLogsParams } from '../../api/generated/model/exportAuditLogsParams';
import { saveFile } from '../../components/download/save-file';
import { toastMessageWith } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';

/** The file's name: the moment it was made, so that exports taken one after another sort and do not overwrite each other. */
export function auditLogFileName(now: Date): string {
  return `audit-log-${now.toISOString().slice(0, 19).replaceAll(':', '-')}.csv`;
}

/**
 * Asks the broker for the entries the page's filters find, as CSV (GET /api/audit-log/export, sent
 * with the session's token like every call), and saves the answer as a file. A refusal or a lost
 * connection shows one toast saying the export failed and why, rather than the generic one.
 */
export async function exportAuditLogCsv(params: ExportAuditLogsParams, intl: IntlShape): Promise<void> {
  try {
    const csv = await exportAuditLogs(params, { ignoreErrors: true });
    saveFile(new Blob([csv ?? ''], { type: 'text/csv;charset=utf-8' }), auditLogFileName(new Date()));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    showToast({ type: 'error', message: toastMessageWith((values) => intl.formatMessage({ id: 'audit-log.export-failed' }, values), { reason }) });
  }
}
