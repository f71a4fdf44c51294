import { randomUUID } from 'node:crypto';
import type { Database, Row } from '../../database/database.js';
import { likePattern, selectPage, WhereClause, type Page, type PageRequest } from '../../database/page-query.js';

/** The production broker's event types (openapi.yaml EventInfo). */
export const EVENT_TYPES = ['ERROR', 'LC_EVENT', 'STATS'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Table names the production broker also takes for the types. */
const TYPE_ALIASES: Record<string, EventType> = { error_event: 'ERROR', lc_event: 'LC_EVENT', stats_event: 'STATS' };

export type LifecycleEventName = 'CREATED' | 'UPDATED' | 'DELETED' | 'STARTED' | 'STOPPED' | 'FAILED';

export interface EventBody {
  server: string;
  method?: string;
  error?: string;
  event?: LifecycleEventName;
  success?: boolean;
  messagesProcessed?: number;
  errorsOccurred?: number;
  messagesRetried?: number;
  messagesDropped?: number;
  backlog?: number;
}

export interface EventInfo {
  id: string;
  createdTime: number;
  type: EventType;
  entityId: string;
  body: EventBody;
}

/** openapi.yaml EventFilter: eventType chooses, the rest narrows. */
export interface EventFilter {
  eventType: EventType;
  server?: string | null;
  method?: string | null;
  errorStr?: string | null;
  event?: string | null;
  status?: 'Success' | 'Failure' | null;
}

export interface EventQuery extends PageRequest {
  textSearch?: string;
  sortOrder?: 'ASC' | 'DESC';
  startTime?: number;
  endTime?: number;
}

export interface EventLimits {
  /** Events older than this are deleted. */
  ttlMs: number;
  /** Per integration and type; the oldest go first. */
  maxPerEntity: number;
}

/** The event type a path names, in any case, or undefined. */
export function eventTypeNamed(name: string): EventType | undefined {
  const upper = name.toUpperCase();
  return (EVENT_TYPES as readonly string[]).includes(upper) ? (upper as EventType) : TYPE_ALIASES[name.toLowerCase()];
}

function toEvent(row: Row): EventInfo {
  return {
    id: String(row.id),
    createdTime: Number(row.created_time),
    type: String(row.type) as EventType,
    entityId: String(row.entity_id),
    body: JSON.parse(String(row.body)) as EventBody,
  };
}

/** Where the filter's fields narrow the events, in the body's JSON. */
function filtered(entityId: string, filter: EventFilter, range: { startTime?: number; endTime?: number }): WhereClause {
  const where = new WhereClause().add('entity_id = ?', entityId).add('type = ?', filter.eventType);
  if (range.startTime !== undefined) where.add('created_time >= ?', range.startTime);
  if (range.endTime !== undefined) where.add('created_time <= ?', range.endTime);
  if (filter.server) where.add("json_extract(body, '$.server') LIKE ? ESCAPE '\\'", likePattern(filter.server));
  if (filter.eventType === 'ERROR' && filter.method) where.add("json_extract(body, '$.method') LIKE ? ESCAPE '\\'", likePattern(filter.method));
  if (filter.eventType === 'LC_EVENT' && filter.event) where.add("json_extract(body, '$.event') = ?", filter.event.toUpperCase());
  if (filter.eventType === 'LC_EVENT' && filter.status) where.add("json_extract(body, '$.success') = ?", filter.status === 'Success' ? 1 : 0);
  if (filter.eventType !== 'STATS' && filter.errorStr) where.add("json_extract(body, '$.error') LIKE ? ESCAPE '\\'", likePattern(filter.errorStr));
  return where;
}

/**
 * Integration events (lifecycle, errors with the target's answer, statistics) in SQLite, kept
 * for a configured time and bounded in number per integration and type: a target failing for
 * days cannot fill the disk with errors.
 */
export class EventStore {
  /** Saves since the last trim, per integration and type (one entry per integration and type at most). */
  readonly #savedSinceTrim = new Map<string, number>();

  constructor(
    private readonly database: Database,
    private readonly limits: EventLimits,
    private readonly now: () => number = Date.now,
  ) {}

  save(entityId: string, type: EventType, body: EventBody): EventInfo {
    const event: EventInfo = { id: randomUUID(), createdTime: this.now(), type, entityId, body };
    this.database.run('INSERT INTO integration_event (id, entity_id, type, created_time, body) VALUES (?, ?, ?, ?, ?)', [
      event.id,
      entityId,
      type,
      event.createdTime,
      JSON.stringify(body),
    ]);
    this.#trim(entityId, type);
    return event;
  }

  page(entityId: string, filter: EventFilter, query: EventQuery): Page<EventInfo> {
    const where = filtered(entityId, filter, query);
    if (query.textSearch?.trim()) where.add("body LIKE ? ESCAPE '\\'", likePattern(query.textSearch.trim()));
    const direction = query.sortOrder === 'ASC' ? 'ASC' : 'DESC';
    // rowid: the order they were saved in, for events of the same millisecond.
    return selectPage(this.database, 'integration_event', where, `created_time ${direction}, rowid ${direction}`, query, toEvent);
  }

  clear(entityId: string, filter: EventFilter, range: { startTime?: number; endTime?: number }): number {
    const where = filtered(entityId, filter, range);
    return this.database.run(`DELETE FROM integration_event ${where.sql}`, where.parameters).changes;
  }

  /** Every event of the integration (it was deleted). */
  deleteAll(entityId: string): void {
    for (const type of EVENT_TYPES) this.#savedSinceTrim.delete(`${entityId} ${type}`);
    this.database.run('DELETE FROM integration_event WHERE entity_id = ?', [entityId]);
  }

  /** Deletes the events past their time. */
  prune(): number {
    return this.database.run('DELETE FROM integration_event WHERE created_time < ?', [this.now() - this.limits.ttlMs]).changes;
  }

  /** Keeps the newest maxPerEntity; checked every so many saves, so the bound may be passed by that few. */
  #trim(entityId: string, type: EventType): void {
    const key = `${entityId} ${type}`;
    const saved = (this.#savedSinceTrim.get(key) ?? 0) + 1;
    this.#savedSinceTrim.set(key, saved % 50);
    if (saved < 50) return;
    this.database.run(
      `DELETE FROM integration_event WHERE entity_id = ? AND type = ? AND id NOT IN
         (SELECT id FROM integration_event WHERE entity_id = ? AND type = ? ORDER BY created_time DESC, id DESC LIMIT ?)`,
      [entityId, type, entityId, type, this.limits.maxPerEntity],
    );
  }
}
