import type { JSValue } from 'node-sqlite3-wasm';
import { eachRow, type Database } from '../../database/database.js';
import { decodePacket, encodePacket, type PersistedPacket } from './persisted-packet.js';
import type { WriteBehind } from './write-behind.js';

/** How the tables of migration 2 map to what the persistence keeps in memory. */

export interface RetainedEntry {
  packet: PersistedPacket;
  /** When the topic got a retained message, after having none. */
  createdTime: number;
  /** When this message was stored, replacing any earlier one of the topic. */
  updatedTime: number;
}

/** A subscription as Aedes stores and restores it: MQTT 5 options and identifier included. */
export interface SubscriptionRecord {
  qos: number;
  rh?: number | undefined;
  rap?: boolean | undefined;
  nl?: boolean | undefined;
  subscriptionIdentifier?: number;
}

export interface QueuedMessage {
  /** Row id in mqtt_outgoing_message; also the message's place in the queue. */
  id: number;
  clientId: string;
  packet: PersistedPacket;
  /** Whether a batch has written the row: a message that never reached the file needs no DELETE. */
  written: boolean;
  /** The stored payload the row refers to in place of its own copy (shared-payloads.ts). */
  payloadRow?: PayloadRow | undefined;
}

/**
 * A payload stored once in mqtt_outgoing_payload for every queued message that refers to it
 * (payload_id), instead of once per session row.
 */
export interface PayloadRow {
  readonly id: number;
  /** Queued messages referring to the row: it is deleted with the last of them. */
  refs: number;
  /** Whether a batch has written the row: one that never reached the file needs no DELETE. */
  written: boolean;
}

const nullable = (value: number | boolean | undefined): JSValue => value ?? null;
const optionalNumber = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));
const optionalFlag = (value: unknown) => (value === null || value === undefined ? undefined : Boolean(value));
// A journal key: the table, then the row's key columns. Built for every row change (several per
// QoS 2 message): a template, not an array joined.
export const rowKey = (table: string, first: string | number, second?: string | number) =>
  second === undefined ? `${table}\u0000${first}` : `${table}\u0000${first}\u0000${second}`;

export const retainedRows = {
  save(journal: WriteBehind, entry: RetainedEntry): void {
    journal.schedule(rowKey('retained', entry.packet.topic ?? ''), 'INSERT OR REPLACE INTO mqtt_retained_message (topic, payload, packet, created_time, updated_time) VALUES (?, ?, ?, ?, ?)', () => {
      const { payload, fields } = encodePacket(entry.packet);
      return [entry.packet.topic ?? '', payload, fields, entry.createdTime, entry.updatedTime];
    });
  },
  remove(journal: WriteBehind, topic: string): void {
    journal.schedule(rowKey('retained', topic), 'DELETE FROM mqtt_retained_message WHERE topic = ?', () => [topic]);
  },
  load(database: Database): RetainedEntry[] {
    return database.all('SELECT payload, packet, created_time, updated_time FROM mqtt_retained_message').map((row) => ({
      packet: decodePacket(row.payload, row.packet),
      createdTime: Number(row.created_time),
      // Rows stored before updated_time existed were stored once, when created.
      updatedTime: Number(row.updated_time ?? row.created_time),
    }));
  },
};

export const subscriptionRows = {
  save(journal: WriteBehind, clientId: string, topic: string, record: SubscriptionRecord): void {
    journal.schedule(
      rowKey('subscription', clientId, topic),
      `INSERT OR REPLACE INTO mqtt_subscription
         (client_id, topic_filter, qos, retain_handling, retain_as_published, no_local, subscription_identifier)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      () => [clientId, topic, record.qos, nullable(record.rh), nullable(record.rap), nullable(record.nl), nullable(record.subscriptionIdentifier)],
    );
  },
  remove(journal: WriteBehind, clientId: string, topic: string): void {
    journal.schedule(rowKey('subscription', clientId, topic), 'DELETE FROM mqtt_subscription WHERE client_id = ? AND topic_filter = ?', () => [clientId, topic]);
  },
  *load(database: Database): Generator<{ clientId: string; topic: string; record: SubscriptionRecord }> {
    for (const row of eachRow(database, 'SELECT * FROM mqtt_subscription ORDER BY rowid')) {
      const record: SubscriptionRecord = {
        qos: Number(row.qos),
        rh: optionalNumber(row.retain_handling),
        rap: optionalFlag(row.retain_as_published),
        nl: optionalFlag(row.no_local),
      };
      const identifier = optionalNumber(row.subscription_identifier);
      if (identifier !== undefined) record.subscriptionIdentifier = identifier;
      yield { clientId: String(row.client_id), topic: String(row.topic_filter), record };
    }
  },
};

export const outgoingRows = {
  save(journal: WriteBehind, message: QueuedMessage): void {
    journal.schedule(rowKey('outgoing', message.id), 'INSERT OR REPLACE INTO mqtt_outgoing_message (id, client_id, payload, packet, payload_id) VALUES (?, ?, ?, ?, ?)', () => {
      message.written = true;
      const { payload, fields } = encodePacket(message.packet);
      const shared = message.payloadRow;
      return [message.id, message.clientId, shared ? null : payload, fields, shared ? shared.id : null];
    });
  },
  remove(journal: WriteBehind, message: QueuedMessage): void {
    const key = rowKey('outgoing', message.id);
    if (message.written) journal.schedule(key, 'DELETE FROM mqtt_outgoing_message WHERE id = ?', () => [message.id]);
    else journal.cancel(key);
  },
  /** The queued messages in order, each with the id of the stored payload it refers to, if any. */
  load(database: Database): { message: QueuedMessage; payloadId: number | undefined }[] {
    return database.all('SELECT id, client_id, payload, packet, payload_id FROM mqtt_outgoing_message ORDER BY id').map((row) => ({
      message: { id: Number(row.id), clientId: String(row.client_id), packet: decodePacket(row.payload, row.packet), written: true },
      payloadId: optionalNumber(row.payload_id),
    }));
  },
};

export const incomingRows = {
  save(journal: WriteBehind, clientId: string, packet: PersistedPacket & { messageId: number }): void {
    journal.schedule(rowKey('incoming', clientId, packet.messageId), 'INSERT OR REPLACE INTO mqtt_incoming_packet (client_id, message_id, payload, packet) VALUES (?, ?, ?, ?)', () => {
      const { payload, fields } = encodePacket(packet);
      return [clientId, packet.messageId, payload, fields];
    });
  },
  remove(journal: WriteBehind, clientId: string, messageId: number): void {
    journal.schedule(rowKey('incoming', clientId, messageId), 'DELETE FROM mqtt_incoming_packet WHERE client_id = ? AND message_id = ?', () => [clientId, messageId]);
  },
  load(database: Database): { clientId: string; packet: PersistedPacket & { messageId: number } }[] {
    return database.all('SELECT client_id, message_id, payload, packet FROM mqtt_incoming_packet').map((row) => ({
      clientId: String(row.client_id),
      packet: { ...decodePacket(row.payload, row.packet), messageId: Number(row.message_id) },
    }));
  },
};

export const willRows = {
  save(journal: WriteBehind, clientId: string, will: PersistedPacket): void {
    journal.schedule(rowKey('will', clientId), 'INSERT OR REPLACE INTO mqtt_will (client_id, payload, packet) VALUES (?, ?, ?)', () => {
      const { payload, fields } = encodePacket(will);
      return [clientId, payload, fields];
    });
  },
  remove(journal: WriteBehind, clientId: string): void {
    journal.schedule(rowKey('will', clientId), 'DELETE FROM mqtt_will WHERE client_id = ?', () => [clientId]);
  },
  load(database: Database): { clientId: string; will: PersistedPacket }[] {
    return database.all('SELECT client_id, payload, packet FROM mqtt_will').map((row) => ({
      clientId: String(row.client_id),
      will: decodePacket(row.payload, row.packet),
    }));
  },
};
