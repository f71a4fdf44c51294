import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import { connectOptions, needsPassword } from '../../session/connect-options';
import { connectionFormValuesOf, connectionSaveOf } from './connection-form-values';

/** Connections as a real TBMQ 2.3.0 answered them (test-fixtures/tbmq-2.3.0/README.md). */
const RECORDINGS = path.resolve(import.meta.dirname, '../../../../../../test-fixtures/tbmq-2.3.0/ws-connections');
const recorded = (file: string): WsConnection => (JSON.parse(fs.readFileSync(path.join(RECORDINGS, file), 'utf8')) as { response: { body: WsConnection } }).response.body;

const RECORDED_CONNECTIONS = ['getWsConnection--default.json', 'getWsConnection--v311.json', 'getWsConnection--v5.json', 'getWsConnection--v5-with-user-properties.json', 'saveWsConnection--create-v311-with-credentials.json', 'saveWsConnection--create-temp.json'];

describe('connections saved on TBMQ 2.3 (its configuration, without Starling\'s mode or password)', () => {
  it.each(RECORDED_CONNECTIONS)('%s comes back from the form as TBMQ keeps it, with the mode it implies', (file) => {
    const connection = recorded(file);
    const { configuration } = connectionSaveOf(connectionFormValuesOf(connection), connection.userId, connection.id);
    const linked = connection.configuration.clientCredentialsId !== null;
    // `{props: null}` (TBMQ's answer to a save without props) says "none" as null does.
    const userProperties = connection.configuration.userProperties?.props ? connection.configuration.userProperties : null;
    // Starling's additions: the mode TBMQ's fields imply, and (CUSTOM) that no password is kept.
    const additions = linked ? { credentialsMode: 'EXISTING' } : { credentialsMode: 'CUSTOM', password: null };
    expect(configuration).toEqual({ ...connection.configuration, userProperties, ...additions });
  });

  it('reads TBMQ\'s default connection: linked credentials without a password, 2 minutes keep-alive, 64 KB packets', () => {
    const values = connectionFormValuesOf(recorded('getWsConnection--default.json'));
    expect(values).toMatchObject({
      credentialsMode: 'EXISTING',
      clientCredentialsId: '7dc02f10-076e-4840-8e18-de3e48048dca',
      username: 'tbmq_websockets_username',
      passwordRequired: false,
      keepAlive: 2,
      keepAliveUnit: 'MINUTES',
      maxPacketSize: 64,
      maxPacketSizeUnit: 'KILOBYTE',
      receiveMax: '65535',
      userProperties: [],
      lastWillEnabled: false,
    });
  });

  it('reads the MQTT 5 connection\'s user properties and flat will properties into the form', () => {
    const values = connectionFormValuesOf(recorded('getWsConnection--v5-with-user-properties.json'));
    expect(values.userProperties).toEqual([
      { key: 'origin', value: 'console' },
      { key: 'env', value: 'fixture' },
    ]);
    expect(values).toMatchObject({ credentialsMode: 'CUSTOM', username: 'dev1', passwordRequired: true, sessionExpiryInterval: 1, sessionExpiryIntervalUnit: 'HOURS', maxPacketSize: 256 });
    expect(values.lastWill).toMatchObject({
      topic: 'status/console-ws-v5',
      qos: 1,
      retain: true,
      payload: 'offline',
      willDelayInterval: 5,
      willDelayIntervalUnit: 'SECONDS',
      properties: { payloadFormatIndicator: true, contentType: 'text/plain', messageExpiryInterval: 1, messageExpiryIntervalUnit: 'HOURS', responseTopic: 'replies/ws', correlationData: 'abc', userProperties: [] },
    });
  });

  it('connects with what TBMQ keeps: MQTT 5 properties in seconds and bytes, the will\'s properties, the password asked for', () => {
    const v5 = recorded('getWsConnection--v5-with-user-properties.json');
    const options = connectOptions(v5, { password: 'typed' });
    expect(options).toMatchObject({ protocolVersion: 5, clientId: 'console-ws-v5', username: 'dev1', password: 'typed', clean: false, keepalive: 60, reconnectPeriod: 60_000 });
    expect(options.properties).toEqual({
      sessionExpiryInterval: 3600,
      receiveMaximum: 100,
      maximumPacketSize: 256 * 1024,
      topicAliasMaximum: 10,
      requestResponseInformation: true,
      requestProblemInformation: true,
      userProperties: { origin: 'console', env: 'fixture' },
    });
    expect(options.will).toMatchObject({
      topic: 'status/console-ws-v5',
      payload: 'offline',
      qos: 1,
      retain: true,
      properties: { payloadFormatIndicator: true, contentType: 'text/plain', messageExpiryInterval: 3600, willDelayInterval: 5, responseTopic: 'replies/ws', correlationData: new TextEncoder().encode('abc') },
    });
    expect(needsPassword(v5.configuration)).toBe(true);

    const linkedWithoutPassword = recorded('getWsConnection--default.json');
    expect(needsPassword(linkedWithoutPassword.configuration)).toBe(false);
    expect(connectOptions(linkedWithoutPassword)).toMatchObject({ username: 'tbmq_websockets_username', keepalive: 120 });
    expect(connectOptions(linkedWithoutPassword).password).toBeUndefined();
    // TBMQ keeps the MQTT 5 fields of an MQTT 3.1.1 connection too; none is sent.
    expect(connectOptions(recorded('getWsConnection--v311.json'), { password: 'p' }).properties).toBeUndefined();
  });
});
