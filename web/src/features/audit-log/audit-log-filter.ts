import type { AuditLogActionStatus } from '../../api/generated/model/auditLogActionStatus';
import type { AuditLogActionType } from '../../api/generated/model/auditLogActionType';
import type { AuditLogEntityType } from '../../api/generated/model/auditLogEntityType';
import type { ExportAuditLogsParams } from '../../api/generated/model/exportAuditLogsParams';
import { DAY_MS } from '../../components/interval-input/interval-rules';
import { DEFAULT_MAX_DATAPOINTS } from '../../components/interval-input/interval-constants';
import { resolveTimewindow } from '../../components/time-window/model/resolve-timewindow';
import { defaultTimewindow, type Timewindow } from '../../components/time-window/model/timewindow';

/** What the audit log's filter panel sets; empty lists and null mean "any". */
export interface AuditLogFilter {
  userId: string | null;
  entityTypes: AuditLogEntityType[];
  actionTypes: AuditLogActionType[];
  actionStatus: AuditLogActionStatus | null;
}

export const EMPTY_AUDIT_LOG_FILTER: AuditLogFilter = { userId: null, entityTypes: [], actionTypes: [], actionStatus: null };

/** The picker offers history only, "for all time" included: an audit log looks back, it does not follow. */
export const AUDIT_LOG_TIMEWINDOW_MODES = { historyOnly: true, forAllTimeEnabled: true } as const;

/** The page opens on the last day. */
export function defaultAuditLogTimewindow(now: number): Timewindow {
  const timewindow = defaultTimewindow(now);
  return { ...timewindow, selectedTab: 'HISTORY', history: { ...timewindow.history, historyType: 'LAST_INTERVAL', timewindowMs: DAY_MS } };
}

/** How many of the panel's filters restrict the list (the count on the filter button). */
export function activeFilterCount(filter: AuditLogFilter): number {
  return [filter.userId !== null, filter.entityTypes.length > 0, filter.actionTypes.length > 0, filter.actionStatus !== null].filter(Boolean).length;
}

/**
 * The query parameters of the filter, the search and the time window resolved at `now` (openapi.yaml
 * getAuditLogs and exportAuditLogs take the same): lists comma-joined, "any" left out, and no
 * start time for "for all time".
 */
export function auditLogQueryParams(filter: AuditLogFilter, textSearch: string | undefined, timewindow: Timewindow, now: number): ExportAuditLogsParams {
  const { startTs, endTs } = resolveTimewindow(timewindow, now, DEFAULT_MAX_DATAPOINTS, AUDIT_LOG_TIMEWINDOW_MODES);
  const params: ExportAuditLogsParams = {
    textSearch,
    userIdList: filter.userId ?? undefined,
    entityTypeList: filter.entityTypes.length > 0 ? filter.entityTypes.join(',') : undefined,
    actionTypeList: filter.actionTypes.length > 0 ? filter.actionTypes.join(',') : undefined,
    actionStatus: filter.actionStatus ?? undefined,
    startTime: startTs > 0 ? startTs : undefined,
    endTime: endTs,
  };
  // Left out rather than sent empty, so that the query key and the URL name only what restricts.
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as ExportAuditLogsParams;
}
