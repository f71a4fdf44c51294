import type { Migration } from './migration.js';

/** Versions 1 to 19, released: never edited (see migrations.ts). */
export const versions1To19: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE user_account (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        authority TEXT NOT NULL,
        first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '',
        additional_info TEXT NOT NULL DEFAULT '{}'
      );
      CREATE TABLE user_credentials (
        user_id TEXT PRIMARY KEY REFERENCES user_account(id) ON DELETE CASCADE,
        password_hash TEXT,
        enabled INTEGER NOT NULL DEFAULT 1
      );
    `,
  },
  {
    // The Aedes persistence (src/mqtt/persistence): what a persistent session, a retained
    // message or a will needs to survive a restart. Payloads are BLOB (or TEXT when Aedes had a
    // string); the other packet fields are JSON, so MQTT 5 properties round-trip unchanged.
    version: 2,
    sql: `
      CREATE TABLE mqtt_retained_message (
        topic TEXT PRIMARY KEY,
        payload BLOB,
        packet TEXT NOT NULL,
        created_time INTEGER NOT NULL
      );
      CREATE TABLE mqtt_subscription (
        client_id TEXT NOT NULL,
        topic_filter TEXT NOT NULL,
        qos INTEGER NOT NULL,
        retain_handling INTEGER,
        retain_as_published INTEGER,
        no_local INTEGER,
        subscription_identifier INTEGER,
        PRIMARY KEY (client_id, topic_filter)
      );
      CREATE TABLE mqtt_outgoing_message (
        id INTEGER PRIMARY KEY,
        client_id TEXT NOT NULL,
        payload BLOB,
        packet TEXT NOT NULL
      );
      CREATE TABLE mqtt_incoming_packet (
        client_id TEXT NOT NULL,
        message_id INTEGER NOT NULL,
        payload BLOB,
        packet TEXT NOT NULL,
        PRIMARY KEY (client_id, message_id)
      );
      CREATE TABLE mqtt_will (
        client_id TEXT PRIMARY KEY,
        payload BLOB,
        packet TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    sql: `
      CREATE TABLE mqtt_session (
        client_id TEXT PRIMARY KEY,
        client_type TEXT NOT NULL,
        node_id TEXT NOT NULL,
        connected_at INTEGER NOT NULL,
        disconnected_at INTEGER,
        client_address TEXT NOT NULL,
        mqtt_version INTEGER NOT NULL,
        keep_alive_seconds INTEGER NOT NULL,
        clean_start INTEGER NOT NULL,
        session_expiry_interval INTEGER NOT NULL,
        username TEXT
      );
    `,
  },
  {
    version: 4,
    sql: `
      CREATE TABLE admin_settings (
        key TEXT PRIMARY KEY,
        json_value TEXT NOT NULL
      );
      CREATE TABLE user_reset_token (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 5,
    sql: `
      CREATE TABLE used_refresh_token (
        jti TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 6,
    sql: `
      ALTER TABLE user_reset_token ADD COLUMN purpose TEXT NOT NULL DEFAULT 'RESET';
    `,
  },
  {
    // Sessions list and details (issue 7): each connection's session id, and the client event
    // history, kept for STARLING_CLIENT_EVENT_RETENTION_HOURS and read per client, newest first.
    version: 7,
    sql: `
      ALTER TABLE mqtt_session ADD COLUMN session_id TEXT;
      CREATE TABLE mqtt_client_event (
        id INTEGER PRIMARY KEY,
        ts INTEGER NOT NULL,
        client_id TEXT NOT NULL,
        type TEXT NOT NULL,
        address TEXT,
        protocol_version INTEGER,
        reason TEXT,
        reason_code INTEGER,
        initiator TEXT
      );
      CREATE INDEX mqtt_client_event_by_client ON mqtt_client_event (client_id, ts);
      CREATE INDEX mqtt_client_event_by_time ON mqtt_client_event (ts);
    `,
  },
  {
    // Client credentials (src/credentials), blocked clients and the unauthorized-client log. One
    // row per client id in the log: a client retrying for ever stays one row, its latest attempt.
    version: 8,
    sql: `
      CREATE TABLE mqtt_client_credentials (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        name TEXT NOT NULL,
        client_type TEXT NOT NULL,
        credentials_type TEXT NOT NULL,
        client_id TEXT,
        username TEXT,
        password_hash TEXT,
        cert_cn_pattern TEXT,
        cert_cn_is_regex INTEGER NOT NULL DEFAULT 0,
        auth_rules TEXT NOT NULL,
        description TEXT
      );
      CREATE UNIQUE INDEX mqtt_basic_credentials_identity
        ON mqtt_client_credentials (IFNULL(client_id, ''), IFNULL(username, '')) WHERE credentials_type = 'MQTT_BASIC';
      CREATE UNIQUE INDEX mqtt_x509_credentials_pattern
        ON mqtt_client_credentials (cert_cn_pattern) WHERE credentials_type = 'X_509';
      CREATE TABLE mqtt_blocked_client (
        type TEXT NOT NULL,
        value TEXT NOT NULL,
        regex_match_target TEXT,
        expiration_time INTEGER NOT NULL DEFAULT 0,
        description TEXT,
        created_time INTEGER NOT NULL,
        PRIMARY KEY (type, value)
      );
      CREATE TABLE mqtt_unauthorized_client (
        client_id TEXT PRIMARY KEY,
        ip_address TEXT NOT NULL,
        ts INTEGER NOT NULL,
        username TEXT,
        password_provided INTEGER NOT NULL,
        tls_used INTEGER NOT NULL,
        reason TEXT NOT NULL
      );
      CREATE INDEX mqtt_unauthorized_client_ts ON mqtt_unauthorized_client (ts);
    `,
  },
  {
    // Revocable sessions: every token carries its user's token version, and a password change or
    // reset, or a reused refresh token, raises it. One live mailed link per user and purpose: a new
    // link replaces the last (older duplicates are dropped first, keeping the newest).
    version: 9,
    sql: `
      ALTER TABLE user_account ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;
      DELETE FROM user_reset_token WHERE rowid NOT IN (SELECT MAX(rowid) FROM user_reset_token GROUP BY user_id, purpose);
      CREATE UNIQUE INDEX user_reset_token_one_per_purpose ON user_reset_token (user_id, purpose);
      CREATE INDEX user_reset_token_expiry ON user_reset_token (expires_at);
    `,
  },
  {
    // Retained messages: when a topic first got its retained message, and when the one held now was
    // stored (until now the same column served both).
    version: 10,
    sql: `
      ALTER TABLE mqtt_retained_message ADD COLUMN updated_time INTEGER;
      UPDATE mqtt_retained_message SET updated_time = created_time;
    `,
  },
  {
    // The web-socket client's saved connections (src/ws-client), per user, with their subscriptions
    // and saved messages. A connection's settings are the contract's JSON as sent, except the
    // password, which has a column of its own. Deleting a connection deletes its items with it; a
    // user's are deleted with the user (the area also deletes their AUTO credentials first).
    version: 11,
    sql: `
      CREATE TABLE ws_connection (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        user_id TEXT NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        configuration TEXT NOT NULL,
        password TEXT,
        UNIQUE (user_id, name)
      );
      CREATE TABLE ws_subscription (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        connection_id TEXT NOT NULL REFERENCES ws_connection(id) ON DELETE CASCADE,
        topic_filter TEXT NOT NULL,
        configuration TEXT NOT NULL,
        UNIQUE (connection_id, topic_filter)
      );
      CREATE TABLE ws_saved_message (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        connection_id TEXT NOT NULL REFERENCES ws_connection(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        configuration TEXT NOT NULL,
        UNIQUE (connection_id, name)
      );
    `,
  },
  {
    // The monitoring area's time series (src/monitoring): one row per node (or `total`) and sample
    // time, a column per key of TIMESERIES_KEYS; keyed by (entity, time) without a rowid, so a
    // chart's range is one contiguous stretch of the table. The nodes that wrote samples, with what
    // their resource usage is measured against.
    version: 12,
    sql: `
      CREATE TABLE timeseries_sample (
        entity_id TEXT NOT NULL,
        ts INTEGER NOT NULL,
        incoming_msgs NUMERIC,
        outgoing_msgs NUMERIC,
        dropped_msgs NUMERIC,
        inbound_payload_traffic NUMERIC,
        outbound_payload_traffic NUMERIC,
        sessions NUMERIC,
        subscriptions NUMERIC,
        retained_msgs NUMERIC,
        tcp_connections NUMERIC,
        tls_connections NUMERIC,
        ws_connections NUMERIC,
        wss_connections NUMERIC,
        cpu_usage NUMERIC,
        memory_usage NUMERIC,
        disk_usage NUMERIC,
        PRIMARY KEY (entity_id, ts)
      ) WITHOUT ROWID;
      CREATE TABLE timeseries_node (
        node_id TEXT PRIMARY KEY,
        last_sample_ts INTEGER NOT NULL,
        cpu_count INTEGER NOT NULL,
        total_memory INTEGER NOT NULL,
        total_disk_space INTEGER NOT NULL
      );
    `,
  },
  {
    // Alert rules (src/alerts) and the alerts they fired. An alert keeps what its rule said when it
    // fired, so that its history outlives edits and the rule's deletion (no foreign key). An alert
    // without end_ts is active: at most one per rule.
    version: 13,
    sql: `
      CREATE TABLE alert_rule (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        metric_key TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        operator TEXT NOT NULL,
        threshold REAL NOT NULL,
        duration_sec INTEGER NOT NULL,
        recipients TEXT NOT NULL,
        enabled INTEGER NOT NULL
      );
      CREATE TABLE alert (
        id TEXT PRIMARY KEY,
        rule_id TEXT NOT NULL,
        rule_name TEXT NOT NULL,
        metric_key TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        operator TEXT NOT NULL,
        threshold REAL NOT NULL,
        value REAL NOT NULL,
        start_ts INTEGER NOT NULL,
        end_ts INTEGER,
        mail_sent INTEGER NOT NULL DEFAULT 0,
        mail_error TEXT
      );
      CREATE UNIQUE INDEX alert_one_active_per_rule ON alert (rule_id) WHERE end_ts IS NULL;
      CREATE INDEX alert_by_start ON alert (start_ts);
      CREATE INDEX alert_by_end ON alert (end_ts);
    `,
  },
  {
    // Application shared subscriptions (src/app-shared-subscriptions): each names the Kafka topic the
    // node writes the messages its filter matches to. Names are unique whatever their case, filters
    // exactly.
    version: 14,
    sql: `
      CREATE TABLE app_shared_subscription (
        id TEXT PRIMARY KEY,
        created_time INTEGER NOT NULL,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        topic_filter TEXT NOT NULL UNIQUE,
        partitions INTEGER NOT NULL,
        kafka_topic TEXT NOT NULL UNIQUE
      );
    `,
  },
  {
    // The web-socket client's connections in the production broker's shape (issue 24): size units
    // BYTE/KILOBYTE/MEGABYTE (were B/KB/MB), user properties {props:[{k, v}]} (were [{key, value}]),
    // the will's MQTT 5 properties flat (msgExpiryInterval was properties.messageExpiryInterval; its
    // user properties, which the production broker has not, in the connection's form),
    // and every field the production broker answers filled in (null, 0 or false when unset), for
    // subscriptions too.
    version: 15,
    sql: `
      UPDATE ws_connection SET configuration = json_set(configuration,
        '$.maxPacketSizeUnit', CASE configuration ->> '$.maxPacketSizeUnit' WHEN 'B' THEN 'BYTE' WHEN 'KB' THEN 'KILOBYTE' WHEN 'MB' THEN 'MEGABYTE' END,
        '$.userProperties', CASE WHEN json_array_length(configuration, '$.userProperties') > 0 THEN json_object('props',
          (SELECT json_group_array(json_object('k', value ->> '$.key', 'v', value ->> '$.value')) FROM json_each(configuration, '$.userProperties'))) END);
      UPDATE ws_connection SET configuration = json_remove(json_set(configuration,
        '$.lastWillMsg.payloadFormatIndicator', json(CASE configuration -> '$.lastWillMsg.properties.payloadFormatIndicator' WHEN 'true' THEN 'true' ELSE 'false' END),
        '$.lastWillMsg.contentType', configuration ->> '$.lastWillMsg.properties.contentType',
        '$.lastWillMsg.willDelayInterval', IFNULL(configuration ->> '$.lastWillMsg.willDelayInterval', 0),
        '$.lastWillMsg.willDelayIntervalUnit', configuration ->> '$.lastWillMsg.willDelayIntervalUnit',
        '$.lastWillMsg.msgExpiryInterval', IFNULL(configuration ->> '$.lastWillMsg.properties.messageExpiryInterval', 0),
        '$.lastWillMsg.msgExpiryIntervalUnit', configuration ->> '$.lastWillMsg.properties.messageExpiryIntervalUnit',
        '$.lastWillMsg.responseTopic', configuration ->> '$.lastWillMsg.properties.responseTopic',
        '$.lastWillMsg.correlationData', configuration ->> '$.lastWillMsg.properties.correlationData',
        '$.lastWillMsg.userProperties', CASE WHEN json_array_length(configuration, '$.lastWillMsg.properties.userProperties') > 0 THEN json_object('props',
          (SELECT json_group_array(json_object('k', value ->> '$.key', 'v', value ->> '$.value')) FROM json_each(configuration, '$.lastWillMsg.properties.userProperties'))) END),
        '$.lastWillMsg.properties')
      WHERE json_type(configuration, '$.lastWillMsg') = 'object';
      UPDATE ws_connection SET configuration = json_insert(configuration,
        '$.rejectUnauthorized', json('false'), '$.clientCredentialsId', NULL, '$.username', NULL, '$.passwordRequired', json('false'),
        '$.sessionExpiryInterval', 0, '$.sessionExpiryIntervalUnit', NULL, '$.maxPacketSize', 0, '$.topicAliasMax', 0, '$.receiveMax', 0,
        '$.requestResponseInfo', json('false'), '$.requestProblemInfo', json('false'), '$.lastWillMsg', NULL);
      UPDATE ws_subscription SET configuration = json_insert(configuration, '$.options', NULL, '$.subscriptionId', NULL);
    `,
  },
  {
    // The production broker's time-series key processedBytes (the bytes its connections carried),
    // sampled as a counter like the other traffic keys. Samples taken before have none.
    version: 16,
    sql: 'ALTER TABLE timeseries_sample ADD COLUMN processed_bytes NUMERIC;',
  },
  {
    // Stored settings as the production broker keeps them (issue 24): each row has an id (a random
    // UUID) and the time it was created; rows stored before get theirs now.
    version: 17,
    sql: `
      ALTER TABLE admin_settings ADD COLUMN id TEXT;
      ALTER TABLE admin_settings ADD COLUMN created_time INTEGER;
      UPDATE admin_settings SET created_time = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
        id = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
          || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));
    `,
  },
  {
    // MQTT authentication providers (issue 27): one row per type, made with its defaults when the
    // node first finds it missing (auth-providers/auth-provider-repository.ts).
    version: 18,
    sql: `
      CREATE TABLE mqtt_auth_provider (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL UNIQUE,
        enabled INTEGER NOT NULL,
        configuration TEXT NOT NULL,
        description TEXT NOT NULL,
        created_time INTEGER NOT NULL
      );
    `,
  },
  {
    // SCRAM client credentials (issue 27): salt, iterations and keys as JSON (credentials-repository.ts), user names unique among them.
    version: 19,
    sql: `ALTER TABLE mqtt_client_credentials ADD COLUMN scram_secret TEXT;
      CREATE UNIQUE INDEX mqtt_scram_credentials_username ON mqtt_client_credentials (username) WHERE credentials_type = 'SCRAM';`,
  },
];
