// Grows a data directory's stored sessions by copying the ones the broker stored for real MQTT
// sessions (create-sessions.mjs), when creating a million through MQTT takes longer than a shared
// machine allows: session n is copied as n + k·created with its own client id, session id and
// subscriptions renamed as create-sessions.mjs names them (bench/sessions/<n>/<level>; bench/queued
// kept), and its connection details as the broker stored them. Only for a broker that is stopped.
// The results say how many sessions were created through MQTT and how many copied.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { packageDirectory } from '../lib/workspace.mjs';

const PREFIX = 'bench-session-';
const ID_DIGITS = 6;

function openDatabase(dataDir) {
  // A broker killed before it closed leaves node-sqlite3-wasm's lock directory; this one is stopped.
  fs.rmSync(path.join(dataDir, 'starling.sqlite.lock'), { recursive: true, force: true });
  const require = createRequire(path.join(packageDirectory('mock-broker', 'node-sqlite3-wasm'), 'package.json'));
  const sqlite = require('node-sqlite3-wasm');
  const database = new sqlite.Database(path.join(dataDir, 'starling.sqlite'));
  database.exec('PRAGMA locking_mode = EXCLUSIVE');
  database.exec('PRAGMA journal_mode = WAL');
  return database;
}

/** Copies sessions 0 … created-1 until `count` are stored; answers the sessions copied and the seconds taken. */
export function replicateSessions(dataDir, { created, count }) {
  const started = performance.now();
  const database = openDatabase(dataDir);
  const indexOf = `CAST(substr(client_id, ${PREFIX.length + 1}) AS INTEGER)`;
  const newId = `'${PREFIX}' || printf('%0${ID_DIGITS}d', ${indexOf} + :offset)`;
  const uuid = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-8' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
  const source = `client_id GLOB '${PREFIX}[0-9]*' AND length(client_id) = ${PREFIX.length + ID_DIGITS} AND ${indexOf} < :created AND ${indexOf} + :offset < :count`;
  let copied = 0;
  try {
    for (let offset = created; offset < count; offset += created) {
      database.exec('BEGIN');
      database.run(
        `INSERT INTO mqtt_session (client_id, client_type, node_id, connected_at, disconnected_at, client_address, mqtt_version, keep_alive_seconds, clean_start, session_expiry_interval, username, session_id)
         SELECT ${newId}, client_type, node_id, connected_at, disconnected_at, client_address, mqtt_version, keep_alive_seconds, clean_start, session_expiry_interval, username, ${uuid}
         FROM mqtt_session WHERE ${source}`,
        { ':offset': offset, ':created': created, ':count': count },
      );
      database.run(
        `INSERT INTO mqtt_subscription (client_id, topic_filter, qos, retain_handling, retain_as_published, no_local, subscription_identifier)
         SELECT ${newId},
           CASE WHEN topic_filter GLOB 'bench/sessions/*' THEN 'bench/sessions/' || (${indexOf} + :offset) || substr(topic_filter, length('bench/sessions/' || ${indexOf}) + 1) ELSE topic_filter END,
           qos, retain_handling, retain_as_published, no_local, subscription_identifier
         FROM mqtt_subscription WHERE ${source}`,
        { ':offset': offset, ':created': created, ':count': count },
      );
      database.exec('COMMIT');
      copied = Math.min(count, offset + created) - created;
    }
  } finally {
    database.close();
  }
  return { copied, seconds: (performance.now() - started) / 1000 };
}
