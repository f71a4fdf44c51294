import { expect } from 'vitest';
import type { ApiClient } from '../api/api-client.js';
import { eventually } from './waits.js';

/** openapi.yaml AuditLog, as a client reads it. */
export interface AuditEntry {
  id: string;
  createdTime: number;
  userId?: string;
  userName: string;
  address: string;
  entityType: string;
  entityId?: string;
  entityName?: string;
  actionType: string;
  actionStatus: 'SUCCESS' | 'FAILURE';
  actionFailureDetails?: string;
  actionData: Record<string, unknown>;
}

interface AuditPage {
  data: AuditEntry[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

/** A page of the audit log with these filters (query text without pageSize and page). */
export async function auditEntries(api: ApiClient, query = ''): Promise<AuditEntry[]> {
  const answer = await api.call<AuditPage>('GET', `/api/audit-log?pageSize=1000&page=0${query ? `&${query}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/**
 * The newest entry the filters find that matches: an entry is written once its call's answer is
 * sent, which a client may read a moment before, so the list is asked again until it is there.
 */
export async function auditEntry(api: ApiClient, query: string, matches: (entry: AuditEntry) => boolean = () => true): Promise<AuditEntry> {
  return eventually(async () => {
    const found = (await auditEntries(api, query)).find(matches);
    expect(found, `no entry for ${query}`).toBeDefined();
    return found as AuditEntry;
  });
}

/** The ids of the entries the filters find. */
export async function auditEntryIds(api: ApiClient, query: string): Promise<string[]> {
  return (await auditEntries(api, query)).map((entry) => entry.id);
}
