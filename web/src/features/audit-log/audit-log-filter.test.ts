import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../components/interval-input/interval-rules';
import type { Timewindow } from '../../components/time-window/model/timewindow';
import { activeFilterCount, type AuditLogFilter, auditLogQueryParams, defaultAuditLogTimewindow, EMPTY_AUDIT_LOG_FILTER } from './audit-log-filter';

const NOW = Date.UTC(2026, 10, 27, 12, 0);
const lastDay = defaultAuditLogTimewindow(NOW);
const history = (changes: Partial<Timewindow['history']>): Timewindow => ({ ...lastDay, history: { ...lastDay.history, ...changes } });

describe('audit-log query parameters (openapi.yaml getAuditLogs, exportAuditLogs)', () => {
  it('without a filter ask for the last day up to now and nothing else', () => {
    expect(auditLogQueryParams(EMPTY_AUDIT_LOG_FILTER, undefined, lastDay, NOW)).toEqual({ startTime: NOW - DAY_MS, endTime: NOW });
  });

  it('name the user, comma-join the entity and action types, and carry the status and the search', () => {
    const filter: AuditLogFilter = { userId: 'u-7', entityTypes: ['MQTT_CLIENT_CREDENTIALS', 'USER'], actionTypes: ['ADDED', 'DELETED'], actionStatus: 'FAILURE' };
    expect(auditLogQueryParams(filter, 'ada', lastDay, NOW)).toEqual({
      textSearch: 'ada',
      userIdList: 'u-7',
      entityTypeList: 'MQTT_CLIENT_CREDENTIALS,USER',
      actionTypeList: 'ADDED,DELETED',
      actionStatus: 'FAILURE',
      startTime: NOW - DAY_MS,
      endTime: NOW,
    });
  });

  it('take a fixed window as it is, and leave the start out for all time', () => {
    const fixed = history({ historyType: 'FIXED', fixedTimewindow: { startTimeMs: NOW - 5_000_000, endTimeMs: NOW - 1_000_000 } });
    expect(auditLogQueryParams(EMPTY_AUDIT_LOG_FILTER, undefined, fixed, NOW)).toEqual({ startTime: NOW - 5_000_000, endTime: NOW - 1_000_000 });
    expect(auditLogQueryParams(EMPTY_AUDIT_LOG_FILTER, undefined, history({ historyType: 'FOR_ALL_TIME' }), NOW)).toEqual({ endTime: NOW });
  });

  it('count each restricting part of the filter once', () => {
    expect(activeFilterCount(EMPTY_AUDIT_LOG_FILTER)).toBe(0);
    expect(activeFilterCount({ userId: 'u', entityTypes: ['USER', 'INTEGRATION'], actionTypes: [], actionStatus: 'SUCCESS' })).toBe(3);
  });
});
