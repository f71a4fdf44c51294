import { randomUUID } from 'node:crypto';
import { eachRow, type Database, type Row } from '../../database/database.js';
import { rowKey } from '../persistence/persistence-rows.js';
import type { RowJournal } from '../persistence/write-behind.js';
import type { ClientType, SessionRecord } from './session-registry.js';

export type StoredSessionRecord = Omit<SessionRecord, 'subscriptions'>;

const UPSERT = `INSERT INTO mqtt_session (client_id, client_type, node_id, connected_at, disconnected_at, client_address,
    mqtt_version, keep_alive_seconds, clean_start, session_expiry_interval, username, session_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (client_id) DO UPDATE SET client_type = excluded.client_type, node_id = excluded.node_id,
    connected_at = excluded.connected_at, disconnected_at = excluded.disconnected_at, client_address = excluded.client_address,
    mqtt_version = excluded.mqtt_version, keep_alive_seconds = excluded.keep_alive_seconds, clean_start = excluded.clean_start,
    session_expiry_interval = excluded.session_expiry_interval, username = excluded.username,
    session_id = excluded.session_id`;
const DELETE = 'DELETE FROM mqtt_session WHERE client_id = ?';

function toRecord(row: Row): StoredSessionRecord {
  return {
    clientId: String(row.client_id),
    // Rows stored before session ids existed get one now.
    sessionId: row.session_id === null ? randomUUID() : String(row.session_id),
    clientType: row.client_type as ClientType,
    nodeId: String(row.node_id),
    connectionState: 'DISCONNECTED',
    connectedAt: Number(row.connected_at),
    disconnectedAt: row.disconnected_at === null ? null : Number(row.disconnected_at),
    clientIpAdr: String(row.client_address),
    mqttVersion: Number(row.mqtt_version),
    keepAliveSeconds: Number(row.keep_alive_seconds),
    cleanStart: Number(row.clean_start) === 1,
    sessionExpiryInterval: Number(row.session_expiry_interval),
    username: row.username === null ? null : String(row.username),
  };
}

/**
 * What the registry knows of persistent sessions (who, from where, when), kept in SQLite so that
 * offline sessions are still described after a restart. Rows are written through the MQTT
 * persistence's journal, in its commits: a reconnect storm costs one commit per interval, not one
 * per client, and a new session is on disk by the time a QoS 1/2 message its client sent is
 * acknowledged. With a journal of its own a crash could keep the message's state and lose the
 * session, and the client would be told Session Present 0.
 */
export class SessionStore {
  constructor(
    private readonly database: Database,
    private readonly journal: RowJournal,
  ) {}

  save(record: StoredSessionRecord): void {
    this.journal.schedule(rowKey('session', record.clientId), UPSERT, () => [
      record.clientId,
      record.clientType,
      record.nodeId,
      record.connectedAt,
      record.disconnectedAt,
      record.clientIpAdr,
      record.mqttVersion,
      record.keepAliveSeconds,
      record.cleanStart ? 1 : 0,
      record.sessionExpiryInterval,
      record.username,
      record.sessionId,
    ]);
  }

  delete(clientId: string): void {
    this.journal.schedule(rowKey('session', clientId), DELETE, () => [clientId]);
  }

  /** Every stored session, as offline: none is connected while the node starts. Read row by row. */
  *loadAll(): Generator<StoredSessionRecord> {
    for (const row of eachRow(this.database, 'SELECT * FROM mqtt_session')) yield toRecord(row);
  }
}
