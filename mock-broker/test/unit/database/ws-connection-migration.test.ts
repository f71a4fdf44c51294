import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../src/database/migrations.js';

/** A database at the schema before migration 15, with rows as the web-socket client stored them then. */
function databaseBefore15(): sqlite.Database {
  const database = new sqlite.Database(':memory:');
  for (const migration of migrations.filter(({ version }) => version < 15)) database.exec(migration.sql);
  database.run("INSERT INTO user_account (id, created_time, email, authority) VALUES ('u1', 0, 'a@b.c', 'SYS_ADMIN')");
  return database;
}

const storedConfiguration = (database: sqlite.Database, table: string, id: string) =>
  JSON.parse(String(database.get(`SELECT configuration FROM ${table} WHERE id = ?`, [id])?.configuration)) as Record<string, unknown>;

describe('migration 15: saved web-socket connections in the production broker\'s shape', () => {
  it('renames the size units, reshapes user properties and flattens the will\'s MQTT 5 properties', () => {
    const database = databaseBefore15();
    const before = {
      url: 'ws://localhost:8084/mqtt',
      clientId: 'kitchen',
      credentialsMode: 'CUSTOM',
      username: 'u',
      mqttVersion: 5,
      maxPacketSize: 64,
      maxPacketSizeUnit: 'KB',
      userProperties: [{ key: 'room', value: 'kitchen' }, { key: 'room', value: 'hall' }],
      lastWillMsg: {
        topic: 'status/kitchen', qos: 1, retain: true, payload: 'offline', payloadType: 'STRING', willDelayInterval: 5, willDelayIntervalUnit: 'SECONDS',
        properties: { payloadFormatIndicator: true, contentType: 'text/plain', messageExpiryInterval: 2, messageExpiryIntervalUnit: 'HOURS', responseTopic: 'replies', correlationData: 'abc', userProperties: [{ key: 'a', value: 'b' }] },
      },
    };
    database.run("INSERT INTO ws_connection (id, created_time, user_id, name, configuration) VALUES ('c1', 0, 'u1', 'Kitchen', ?)", [JSON.stringify(before)]);
    database.run("INSERT INTO ws_connection (id, created_time, user_id, name, configuration) VALUES ('c2', 0, 'u1', 'Plain', ?)", [JSON.stringify({ url: 'ws://h/mqtt', clientId: 'p', credentialsMode: 'AUTO', mqttVersion: 4, lastWillMsg: null })]);
    database.run("INSERT INTO ws_subscription (id, created_time, connection_id, topic_filter, configuration) VALUES ('s1', 0, 'c1', 'a/#', ?)", [JSON.stringify({ topicFilter: 'a/#', qos: 1, color: '#ffffff' })]);

    database.exec(migrations.find(({ version }) => version === 15)?.sql ?? '');

    expect(storedConfiguration(database, 'ws_connection', 'c1')).toEqual({
      url: 'ws://localhost:8084/mqtt',
      clientId: 'kitchen',
      credentialsMode: 'CUSTOM',
      username: 'u',
      mqttVersion: 5,
      maxPacketSize: 64,
      maxPacketSizeUnit: 'KILOBYTE',
      userProperties: { props: [{ k: 'room', v: 'kitchen' }, { k: 'room', v: 'hall' }] },
      lastWillMsg: {
        topic: 'status/kitchen', qos: 1, retain: true, payload: 'offline', payloadType: 'STRING', willDelayInterval: 5, willDelayIntervalUnit: 'SECONDS',
        payloadFormatIndicator: true, contentType: 'text/plain', msgExpiryInterval: 2, msgExpiryIntervalUnit: 'HOURS', responseTopic: 'replies', correlationData: 'abc', userProperties: { props: [{ k: 'a', v: 'b' }] },
      },
      rejectUnauthorized: false,
      clientCredentialsId: null,
      passwordRequired: false,
      sessionExpiryInterval: 0,
      sessionExpiryIntervalUnit: null,
      topicAliasMax: 0,
      receiveMax: 0,
      requestResponseInfo: false,
      requestProblemInfo: false,
    });
    expect(storedConfiguration(database, 'ws_connection', 'c2')).toMatchObject({ maxPacketSizeUnit: null, maxPacketSize: 0, userProperties: null, lastWillMsg: null, username: null });
    expect(storedConfiguration(database, 'ws_subscription', 's1')).toEqual({ topicFilter: 'a/#', qos: 1, color: '#ffffff', options: null, subscriptionId: null });
  });
});
