import { ApiError } from '../http/api-error.js';
import { AUDIT_LOG_ACTION_TYPES, AUDIT_LOG_ENTITY_TYPES, type AuditLogActionStatus } from './audit-log-entry.js';
import type { AuditLogFilter, AuditLogSortProperty } from './audit-log-repository.js';

/** openapi.yaml AuditLogUserIdList: at most this many ids. */
export const MAX_USER_IDS = 100;

function listOf(value: unknown): string[] | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return value.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

/** Every item one of the allowed values, else 400 naming the parameter and the first that is not. */
function listOfAllowed<T extends string>(name: string, value: unknown, allowed: readonly T[]): T[] | undefined {
  const items = listOf(value);
  const unknown = items?.find((item) => !(allowed as readonly string[]).includes(item));
  if (unknown !== undefined) throw ApiError.badRequest(`Invalid request: query.${name} holds ${unknown}, which is not one of ${allowed.join(', ')}`);
  return items as T[] | undefined;
}

function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** The filters of getAuditLogs and exportAuditLogs, from the parameters the contract already checked. */
export function auditLogFilterOf(parameters: Record<string, unknown>): AuditLogFilter {
  const userIds = listOf(parameters.userIdList);
  if (userIds && userIds.length > MAX_USER_IDS) {
    throw ApiError.badRequest(`Invalid request: query.userIdList must NOT have more than ${MAX_USER_IDS} ids (it has ${userIds.length})`);
  }
  const startTime = optionalNumber(parameters.startTime);
  const endTime = optionalNumber(parameters.endTime);
  return {
    textSearch: typeof parameters.textSearch === 'string' ? parameters.textSearch : undefined,
    userIds,
    entityTypes: listOfAllowed('entityTypeList', parameters.entityTypeList, AUDIT_LOG_ENTITY_TYPES),
    actionTypes: listOfAllowed('actionTypeList', parameters.actionTypeList, AUDIT_LOG_ACTION_TYPES),
    actionStatus: parameters.actionStatus as AuditLogActionStatus | undefined,
    startTime,
    endTime,
  };
}

export function sortOf(parameters: Record<string, unknown>): { sortProperty: AuditLogSortProperty; sortOrder: 'ASC' | 'DESC' } {
  return {
    sortProperty: (parameters.sortProperty as AuditLogSortProperty | undefined) ?? 'createdTime',
    sortOrder: parameters.sortOrder === 'ASC' ? 'ASC' : 'DESC',
  };
}
