import { loggedText } from '../database/bounded-text.js';
import type { Database, Row } from '../database/database.js';
import { WriteBehind } from './persistence/write-behind.js';

export type ClientEventType = 'CONNECTED' | 'DISCONNECTED' | 'TAKEN_OVER' | 'AUTHENTICATION_FAILED' | 'SESSION_EXPIRED' | 'KEEP_ALIVE_TIMEOUT';

/** Who ended a connection: the client (DISCONNECT or closed socket), the broker, or an administrator. */
export type DisconnectInitiator = 'CLIENT' | 'BROKER' | 'ADMINISTRATOR';

export interface ClientEvent {
  ts: number;
  clientId: string;
  type: ClientEventType;
  address?: string;
  protocolVersion?: number;
  reason?: string;
  reasonCode?: number;
  initiator?: DisconnectInitiator;
}

export interface ClientEventQuery {
  clientId: string;
  pageSize: number;
  page: number;
  /** Newest first unless ASC. */
  sortOrder?: 'ASC' | 'DESC';
  types?: ClientEventType[];
  startTime?: number;
  endTime?: number;
}

export interface ClientEventLogOptions {
  /** How long an event is kept. */
  retentionMs: number;
  /** Events kept at most, across all clients; the oldest go first. */
  maxEvents: number;
  flushIntervalMs?: number;
  /** How often events older than the retention are deleted. */
  pruneIntervalMs?: number;
}

/**
 * Events waiting to be written at most (or maxEvents when lower): they wait long only while the
 * disk refuses commits, and past it the oldest waiting ones go rather than the node's memory.
 */
const MAX_WAITING_EVENTS = 100_000;

/** How soon after the log outgrew maxEvents the oldest events are deleted; reads trim at once. */
const TRIM_DELAY_MS = 1000;

const INSERT = `INSERT INTO mqtt_client_event (ts, client_id, type, address, protocol_version, reason, reason_code, initiator)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

function toEvent(row: Row): ClientEvent {
  const event: ClientEvent = { ts: Number(row.ts), clientId: String(row.client_id), type: row.type as ClientEventType };
  if (row.address !== null) event.address = String(row.address);
  if (row.protocol_version !== null) event.protocolVersion = Number(row.protocol_version);
  if (row.reason !== null) event.reason = String(row.reason);
  if (row.reason_code !== null) event.reasonCode = Number(row.reason_code);
  if (row.initiator !== null) event.initiator = row.initiator as DisconnectInitiator;
  return event;
}

/**
 * Every client's event history, kept in SQLite so that it survives a restart, for a configurable
 * time and up to a configurable number of events (clients choose their ids, and a reconnect storm of
 * made-up ones must not fill the disk). Client ids and reasons are kept to 256 characters. Writes
 * are batched like the session store's (a reconnect storm costs one commit per interval); reads write
 * what is pending first, so they always see the latest events.
 */
export class ClientEventLog {
  private readonly writes: WriteBehind;
  private readonly pruneTimer: NodeJS.Timeout;
  private trimTimer: NodeJS.Timeout | undefined;
  private sequence = 0;
  /** Rows in the table once the pending writes are made. */
  private rows: number;

  constructor(
    private readonly database: Database,
    private readonly options: ClientEventLogOptions,
  ) {
    this.writes = new WriteBehind(database, {
      flushIntervalMs: options.flushIntervalMs ?? 25,
      onFlushError: (error) => console.error('Could not save client events:', error),
    });
    this.rows = Number(database.get('SELECT COUNT(*) AS n FROM mqtt_client_event')?.n ?? 0);
    this.prune();
    this.pruneTimer = setInterval(() => this.prune(), options.pruneIntervalMs ?? 60_000).unref();
  }

  record(event: ClientEvent): void {
    this.sequence += 1;
    this.writes.schedule(`event:${this.sequence}`, INSERT, () => [
      event.ts,
      loggedText(event.clientId),
      event.type,
      event.address ?? null,
      event.protocolVersion ?? null,
      event.reason === undefined ? null : loggedText(event.reason),
      event.reasonCode ?? null,
      event.initiator ?? null,
    ]);
    this.rows += 1;
    // Pending events are the latest ones, one key per sequence number: the oldest is this far back.
    const waitingBound = Math.min(this.options.maxEvents, MAX_WAITING_EVENTS);
    if (this.writes.pendingCount > waitingBound) {
      this.writes.cancel(`event:${this.sequence - waitingBound}`);
      this.rows -= 1;
    }
    if (this.rows > this.options.maxEvents) this.trimTimer ??= setTimeout(() => this.trim(), TRIM_DELAY_MS).unref();
  }

  /** Events not yet written to the file. */
  get waiting(): number {
    return this.writes.pendingCount;
  }

  /** A client's events, oldest first. */
  forClient(clientId: string): ClientEvent[] {
    this.flushAndTrim();
    return this.database.all('SELECT * FROM mqtt_client_event WHERE client_id = ? ORDER BY ts, id', [loggedText(clientId)]).map(toEvent);
  }

  page(query: ClientEventQuery): { data: ClientEvent[]; totalElements: number } {
    this.flushAndTrim();
    const conditions = ['client_id = ?'];
    const values: (string | number)[] = [loggedText(query.clientId)];
    if (query.types?.length) {
      conditions.push(`type IN (${query.types.map(() => '?').join(', ')})`);
      values.push(...query.types);
    }
    if (query.startTime !== undefined) {
      conditions.push('ts >= ?');
      values.push(query.startTime);
    }
    if (query.endTime !== undefined) {
      conditions.push('ts <= ?');
      values.push(query.endTime);
    }
    const where = conditions.join(' AND ');
    const direction = query.sortOrder === 'ASC' ? 'ASC' : 'DESC';
    const totalElements = Number(this.database.get(`SELECT COUNT(*) AS n FROM mqtt_client_event WHERE ${where}`, values)?.n ?? 0);
    const rows = this.database.all(`SELECT * FROM mqtt_client_event WHERE ${where} ORDER BY ts ${direction}, id ${direction} LIMIT ? OFFSET ?`, [
      ...values,
      query.pageSize,
      query.page * query.pageSize,
    ]);
    return { data: rows.map(toEvent), totalElements };
  }

  /** Deletes events older than the retention, then the oldest beyond maxEvents; answers how many. */
  prune(now = Date.now()): number {
    this.writes.flush();
    const expired = this.database.run('DELETE FROM mqtt_client_event WHERE ts < ?', [now - this.options.retentionMs]).changes;
    this.rows = Math.max(0, this.rows - expired);
    return expired + this.trim();
  }

  close(): void {
    clearInterval(this.pruneTimer);
    clearTimeout(this.trimTimer);
    this.writes.close();
  }

  private flushAndTrim(): void {
    this.writes.flush();
    if (this.rows > this.options.maxEvents) this.trim();
  }

  /** Keeps the newest maxEvents events (by insertion); answers how many went. */
  private trim(): number {
    clearTimeout(this.trimTimer);
    this.trimTimer = undefined;
    if (this.rows <= this.options.maxEvents) return 0;
    this.writes.flush();
    const deleted = this.database.run('DELETE FROM mqtt_client_event WHERE id <= (SELECT id FROM mqtt_client_event ORDER BY id DESC LIMIT 1 OFFSET ?)', [
      this.options.maxEvents,
    ]).changes;
    this.rows = Number(this.database.get('SELECT COUNT(*) AS n FROM mqtt_client_event')?.n ?? 0);
    return deleted;
  }
}
