import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AttemptCounter } from '../auth/attempt-counter.js';
import type { AccessClaims } from '../auth/token-service.js';
import type { TrustedProxies } from '../http/trusted-proxies.js';
import type { AuditLogEntityType, AuditLogActionType, NewAuditLogEntry } from './audit-log-entry.js';
import type { AuditLogRepository } from './audit-log-repository.js';
import { actionTypeOf, entityNameOf, type AuditedCall, type AuditRule } from './audit-rules.js';
import { scrubSecrets } from './secret-scrubber.js';

/** Reads an entity as the API answers it, by id; undefined when there is none. */
export type EntityReader = (id: string) => unknown;

/** The accounts the recorder names: the caller's e-mail, a tried e-mail's user. */
export interface AuditedUsers {
  findByEmail(email: string): { id: string; email: string } | undefined;
}

export interface AuditRecorderNeeds {
  repository: AuditLogRepository;
  /** Changing operations by operationId, with how each is recorded. */
  rules: ReadonlyMap<string, AuditRule>;
  readers: Partial<Record<AuditLogEntityType, EntityReader>>;
  /** Whose the tokens are: a call refused before its caller was settled (403) still names them. */
  tokens: { verifyAccess(token: string): AccessClaims };
  users: AuditedUsers;
  /** The same address the sign-in limits count by (STARLING_TRUSTED_PROXIES). */
  proxies: TrustedProxies;
}

/**
 * Failed sign-ins, password-reset and activation requests are made by nobody signed in: per
 * address, at most this many such entries are written in the window, so that a password-guessing
 * flood cannot push everything else out of the log.
 */
const UNAUTHENTICATED_ENTRIES = { maxAttempts: 30, windowMs: 10 * 60_000 };
/**
 * Refused calls of a signed-in user (a read-only account's changes, say) change nothing: at most
 * this many of their entries are written per user in the window, so that no account can push the
 * other entries out of the log by making refused calls.
 */
export const REFUSED_ENTRIES_PER_USER = { maxAttempts: 100, windowMs: 10 * 60_000 };

interface PendingEntry {
  rule: AuditRule;
  createdTime: number;
  answer: unknown;
  before: unknown;
}

/** Actions whose entries show the entity before and after; the others (sign in as, checks) name it only. */
const SNAPSHOT_ACTIONS = new Set<AuditLogActionType>(['UPDATED', 'ENABLED', 'DISABLED', 'RESTARTED']);

/** The outcome of a call whose caller closed the connection before its answer is not known here. */
const GONE_BEFORE_ANSWER = 'The caller closed the connection before the answer: the change may or may not have been made';

const BEARER = /^Bearer\s+(.+)$/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function failureDetails(answer: unknown, status: number): string {
  const message = isObject(answer) ? answer.message : undefined;
  return typeof message === 'string' ? message : `Answered ${status}`;
}

/**
 * Records every call that changes something (openapi.yaml "Audit log"), succeeded or refused, once
 * its answer has been sent (or its caller went away): two handlers on the API's way, one where the operation is known (before
 * authentication, so that a refusal there is recorded too) and one where the body is read and
 * checked, just before the area's router runs (the entity as it was). Writing is one insert.
 */
export class AuditRecorder {
  private readonly pending = new WeakMap<Request, PendingEntry>();
  private readonly unauthenticatedEntries = new AttemptCounter(UNAUTHENTICATED_ENTRIES);
  private readonly refusedEntries = new AttemptCounter(REFUSED_ENTRIES_PER_USER);

  constructor(private readonly needs: AuditRecorderNeeds) {}

  readonly matched: RequestHandler = (request: Request, response: Response, next: NextFunction) => {
    const rule = request.contractOperation ? this.needs.rules.get(request.contractOperation.operationId) : undefined;
    if (!rule) {
      next();
      return;
    }
    const entry: PendingEntry = { rule, createdTime: Date.now(), answer: undefined, before: undefined };
    this.pending.set(request, entry);
    const json = response.json.bind(response);
    response.json = (body: unknown) => {
      entry.answer = body;
      return json(body);
    };
    // 'close' comes after the answer was sent, and also when the caller went away before it was.
    response.once('close', () => {
      try {
        this.record(request, response, entry);
      } catch (error) {
        // The call is answered already; a log that could not be written must not take the node down.
        console.error('Audit log entry not written:', error instanceof Error ? error.message : error);
      }
    });
    next();
  };

  readonly validated: RequestHandler = (request: Request, _response: Response, next: NextFunction) => {
    const entry = this.pending.get(request);
    if (entry?.rule.snapshot) {
      const id = entry.rule.entityId?.(this.callOf(request, undefined));
      if (id !== undefined) entry.before = this.read(entry.rule.entityType, id);
    }
    next();
  };

  private read(entityType: AuditLogEntityType, id: string): unknown {
    try {
      return this.needs.readers[entityType]?.(id);
    } catch {
      // Not found (or no longer): there is nothing to show of it.
      return undefined;
    }
  }

  private callOf(request: Request, answer: unknown): AuditedCall {
    return {
      parameters: { ...(request.query as Record<string, unknown>), ...request.contractPathParameters, ...request.contractParameters },
      body: request.body as unknown,
      answer,
      callerId: this.callerOf(request)?.userId,
    };
  }

  /** The caller: as authentication settled it, or, for a call it refused, as its token says. */
  private callerOf(request: Request): AccessClaims | undefined {
    if (request.claims) return request.claims.isPublic ? undefined : request.claims;
    const token = BEARER.exec(request.get('X-Authorization') ?? '')?.[1];
    if (!token) return undefined;
    try {
      const claims = this.needs.tokens.verifyAccess(token);
      return claims.isPublic ? undefined : claims;
    } catch {
      return undefined;
    }
  }

  private record(request: Request, response: Response, pending: PendingEntry): void {
    const { rule } = pending;
    const answered = response.writableFinished;
    const succeeded = answered && response.statusCode < 400;
    const call = this.callOf(request, pending.answer);
    const actionType = actionTypeOf(rule, call);
    const entityId = rule.entityId?.(call);
    const after = succeeded && rule.snapshot && actionType !== 'DELETED' && entityId !== undefined ? this.read(rule.entityType, entityId) : undefined;
    const actor = rule.unauthenticated ? this.unauthenticatedActor(request, rule, call, succeeded) : this.signedInActor(request);
    if (!actor) return;
    if (!succeeded && !rule.unauthenticated && actor.userId !== undefined) {
      if (this.refusedEntries.retryAfterSeconds(actor.userId) !== undefined) return;
      this.refusedEntries.record(actor.userId);
    }
    const entry: NewAuditLogEntry = {
      createdTime: pending.createdTime,
      ...actor,
      address: this.addressOf(request),
      entityType: rule.entityType,
      entityId: entityId ?? (rule.unauthenticated ? actor.userId : undefined),
      entityName: entityNameOf(rule, after, pending.before, pending.answer, call.body) ?? (rule.unauthenticated ? actor.userName : undefined),
      actionType,
      actionStatus: succeeded ? 'SUCCESS' : 'FAILURE',
      actionFailureDetails: succeeded ? undefined : answered ? failureDetails(pending.answer, response.statusCode) : GONE_BEFORE_ANSWER,
      actionData: scrubSecrets(this.actionData(request, call, actionType, pending.before, after, succeeded)) as Record<string, unknown>,
    };
    this.needs.repository.append(entry);
  }

  private signedInActor(request: Request): { userId: string; userName: string } | undefined {
    const claims = this.callerOf(request);
    // A call without a valid token was refused before it could change anything, and names nobody.
    return claims ? { userId: claims.userId, userName: claims.sub } : undefined;
  }

  /** Sign-in, reset and activation: the user of the tokens answered, else the e-mail tried (bounded per address). */
  private unauthenticatedActor(request: Request, rule: AuditRule, call: AuditedCall, succeeded: boolean): { userId: string | undefined; userName: string } | undefined {
    const token = isObject(call.answer) && typeof call.answer.token === 'string' ? call.answer.token : undefined;
    if (succeeded && token) {
      try {
        const claims = this.needs.tokens.verifyAccess(token);
        return { userId: claims.userId, userName: claims.sub };
      } catch {
        // A token this node just issued verifies; should it not, the entry names what was tried.
      }
    }
    const address = this.addressOf(request);
    if (this.unauthenticatedEntries.retryAfterSeconds(address) !== undefined) return undefined;
    this.unauthenticatedEntries.record(address);
    const triedEmail = rule.unauthenticated?.triedEmail(call) ?? '';
    return { userId: triedEmail ? this.needs.users.findByEmail(triedEmail)?.id : undefined, userName: triedEmail };
  }

  private addressOf(request: Request): string {
    return this.needs.proxies.clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']) ?? 'unknown';
  }

  /** openapi.yaml AuditLog.actionData: before/after of what has a reader, the item for additions and deletions, the call's parameters for the rest. */
  private actionData(request: Request, call: AuditedCall, actionType: AuditLogActionType, before: unknown, after: unknown, succeeded: boolean): Record<string, unknown> {
    const data: Record<string, unknown> = {};
    const impersonatedBy = request.claims?.impersonatedBy;
    if (impersonatedBy !== undefined) data.impersonatedBy = impersonatedBy;
    if (request.contractOperation?.pathTemplate) data.operation = `${request.method} ${request.contractOperation.pathTemplate}`;
    if (succeeded && actionType === 'ADDED') data.item = after ?? (isObject(call.answer) ? call.answer : call.body);
    else if (succeeded && actionType === 'DELETED' && before !== undefined) data.item = before;
    else if (succeeded && SNAPSHOT_ACTIONS.has(actionType) && (before !== undefined || after !== undefined)) Object.assign(data, { before: before ?? null, after: after ?? null });
    if (data.item === undefined && data.after === undefined) {
      const parameters = Object.keys(call.parameters).length > 0 ? call.parameters : undefined;
      if (parameters) data.parameters = parameters;
      if (call.body !== undefined) data.body = call.body;
    }
    return data;
  }
}
