import type { Router } from 'express';
import type { AuditLogSettings } from '../config/config.js';
import type { Database } from '../database/database.js';
import type { TrustedProxies } from '../http/trusted-proxies.js';
import type { AccessClaims } from '../auth/token-service.js';
import { AuditLogRepository } from './audit-log-repository.js';
import { auditLogRouter } from './audit-log-router.js';
import { AuditRecorder, type AuditedUsers, type EntityReader } from './audit-recorder.js';
import { AUDIT_RULES, type AuditRule } from './audit-rules.js';
import { changingOperations } from './changing-operations.js';
import type { AuditLogEntityType } from './audit-log-entry.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries past their age go within a minute; the count is kept on every write. */
const PRUNE_INTERVAL_MS = 60_000;

export interface AuditLogNeeds {
  database: Database;
  settings: AuditLogSettings;
  tokens: { verifyAccess(token: string): AccessClaims };
  users: AuditedUsers;
  proxies: TrustedProxies;
  /** How the entities with a before and after are read, as the API answers them. */
  readers: Partial<Record<AuditLogEntityType, EntityReader>>;
}

/** The rules of the operations the contract marks as changing, each present (a test checks the table covers them). */
function rulesOfContract(): Map<string, AuditRule> {
  const rules = new Map<string, AuditRule>();
  for (const { operationId } of changingOperations()) {
    const rule = AUDIT_RULES[operationId];
    if (rule === undefined) throw new Error(`The audit log has no rule for ${operationId}, which changes something`);
    if (!('notAudited' in rule)) rules.set(operationId, rule);
  }
  return rules;
}

/** Issue 31 "audit log": who changed what through the API, and every sign-in, kept in the node's database. */
export function startAuditLog(needs: AuditLogNeeds): {
  routers: Router[];
  /** The API's handlers that record: where the operation is known, and where its body is checked. */
  recorder: AuditRecorder;
  cleanups: (() => void)[];
} {
  const repository = new AuditLogRepository(needs.database, needs.settings);
  const prune = () => repository.prune(Date.now() - needs.settings.retentionDays * DAY_MS);
  prune();
  const pruning = setInterval(prune, PRUNE_INTERVAL_MS).unref();
  const recorder = new AuditRecorder({ repository, rules: rulesOfContract(), readers: needs.readers, tokens: needs.tokens, users: needs.users, proxies: needs.proxies });
  return { routers: [auditLogRouter(repository)], recorder, cleanups: [() => clearInterval(pruning)] };
}
