import type { Migration } from './migration.js';

/** Versions 20 on: append new versions at the end. */
export const versionsFrom20: readonly Migration[] = [
  {
    // Integrations (issue 28), in the production broker's shape: configuration, additional info
    // and the last start's status as JSON. Their backlog holds what is yet to be delivered, in
    // order (seq) per integration, written in the commit that precedes the publisher's
    // acknowledgement. Events are kept for a configured time (integrations/events).
    version: 20,
    sql: `
      CREATE TABLE integration (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        name TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        disconnected_time INTEGER NOT NULL,
        configuration TEXT NOT NULL,
        additional_info TEXT,
        status TEXT
      );
      CREATE TABLE integration_backlog (
        integration_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        message TEXT NOT NULL,
        payload BLOB NOT NULL,
        PRIMARY KEY (integration_id, seq)
      ) WITHOUT ROWID;
      CREATE TABLE integration_event (
        id TEXT PRIMARY KEY,
        entity_id TEXT NOT NULL,
        type TEXT NOT NULL,
        created_time INTEGER NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX integration_event_by_entity ON integration_event (entity_id, type, created_time);
      CREATE INDEX integration_event_by_time ON integration_event (created_time);
    `,
  },
  {
    // Integration statistics in the time series (issue 28): one row per integration and sample
    // time (entity_id the integration's id), counters per sampling period and the backlog's level.
    version: 21,
    sql: `
      ALTER TABLE timeseries_sample ADD COLUMN integration_sent NUMERIC;
      ALTER TABLE timeseries_sample ADD COLUMN integration_failed NUMERIC;
      ALTER TABLE timeseries_sample ADD COLUMN integration_retried NUMERIC;
      ALTER TABLE timeseries_sample ADD COLUMN integration_dropped NUMERIC;
      ALTER TABLE timeseries_sample ADD COLUMN integration_backlog NUMERIC;
    `,
  },
  {
    // Roles (issue 31): every account so far could change everything, so each one stays an
    // administrator; new accounts are ADMIN unless saved as READ_ONLY.
    version: 22,
    sql: `ALTER TABLE user_account ADD COLUMN role TEXT NOT NULL DEFAULT 'ADMIN';`,
  },
  {
    // The audit log (issue 31): one row per change made through the API or sign-in, kept for a
    // configured time and count (audit-log/). The id orders the rows as they were written, so the
    // oldest go first whatever the clock did; actionData is JSON, secrets already left out. One
    // index beside the key: an entry is written on every change and must stay a cheap insert.
    version: 23,
    sql: `
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        created_time INTEGER NOT NULL,
        user_id TEXT,
        user_name TEXT NOT NULL,
        address TEXT NOT NULL,
        entity_type TEXT NOT NULL,
        entity_id TEXT,
        entity_name TEXT,
        action_type TEXT NOT NULL,
        action_status TEXT NOT NULL,
        action_failure_details TEXT,
        action_data TEXT NOT NULL
      );
      CREATE INDEX audit_log_by_time ON audit_log (created_time);
    `,
  },
  {
    // A message sent to many offline sessions is queued once per session: from the second queue
    // row on, its payload is stored once here and the rows refer to it (persistence/shared-payloads).
    // Rows written before keep their payload inline (payload_id NULL).
    version: 24,
    sql: `
      CREATE TABLE mqtt_outgoing_payload (
        id INTEGER PRIMARY KEY,
        payload BLOB NOT NULL
      );
      ALTER TABLE mqtt_outgoing_message ADD COLUMN payload_id INTEGER;
    `,
  },
];
