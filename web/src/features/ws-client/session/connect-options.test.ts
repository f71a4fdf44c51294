import { describe, expect, it } from 'vitest';
import { connectOptions, needsPassword, publishProperties } from './connect-options';
import { testConnection as connection } from './test-support/test-connection';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('mqtt.js options of a saved connection', () => {
  it('turns the durations into the units mqtt.js wants', () => {
    const options = connectOptions(connection({ reconnectPeriod: 2, reconnectPeriodUnit: 'SECONDS' }));
    expect(options).toMatchObject({ protocolVersion: 5, clientId: 'starling12345678', clean: true, keepalive: 60, connectTimeout: 10_000, reconnectPeriod: 2000 });
    expect(options.protocolId).toBeUndefined();
    expect(connectOptions(connection()).reconnectPeriod).toBe(0);
  });

  it('speaks MQTT 3.1 as protocol MQIsdp, and leaves MQTT 5 properties to MQTT 5', () => {
    const v31 = connectOptions(connection({ mqttVersion: 3, sessionExpiryInterval: 5 }));
    expect(v31).toMatchObject({ protocolVersion: 3, protocolId: 'MQIsdp' });
    expect(v31.properties).toBeUndefined();
    const v311 = connectOptions(connection({ mqttVersion: 4, sessionExpiryInterval: 5 }));
    expect(v311.protocolId).toBeUndefined();
    expect(v311.properties).toBeUndefined();
  });

  it('sends the MQTT 5 connect properties in seconds and bytes, user properties with repeated keys as arrays', () => {
    const options = connectOptions(
      connection({
        sessionExpiryInterval: 2,
        sessionExpiryIntervalUnit: 'HOURS',
        receiveMax: 100,
        maxPacketSize: 64,
        maxPacketSizeUnit: 'KILOBYTE',
        topicAliasMax: 10,
        requestResponseInfo: true,
        requestProblemInfo: false,
        userProperties: {
          props: [
            { k: 'site', v: 'a' },
            { k: 'site', v: 'b' },
            { k: 'line', v: '3' },
          ],
        },
      }),
    );
    expect(options.properties).toEqual({
      sessionExpiryInterval: 7200,
      receiveMaximum: 100,
      maximumPacketSize: 65_536,
      topicAliasMaximum: 10,
      requestResponseInformation: true,
      requestProblemInformation: false,
      userProperties: { site: ['a', 'b'], line: '3' },
    });
  });

  it('sends the will with its MQTT 5 properties (kept flat, as the production broker keeps them)', () => {
    const options = connectOptions(
      connection({
        lastWillMsg: {
          topic: 'status/sensor',
          qos: 1,
          retain: true,
          payload: '{"online":false}',
          payloadType: 'JSON',
          willDelayInterval: 1,
          willDelayIntervalUnit: 'MINUTES',
          payloadFormatIndicator: true,
          msgExpiryInterval: 2,
          msgExpiryIntervalUnit: 'MINUTES',
          contentType: 'application/json',
          responseTopic: 'status/ack',
          correlationData: 'w-1',
          userProperties: { props: [{ k: 'k', v: 'v' }] },
        },
      }),
    );
    expect(options.will).toEqual({
      topic: 'status/sensor',
      payload: '{"online":false}',
      qos: 1,
      retain: true,
      properties: {
        willDelayInterval: 60,
        payloadFormatIndicator: true,
        messageExpiryInterval: 120,
        contentType: 'application/json',
        responseTopic: 'status/ack',
        correlationData: bytes('w-1'),
        userProperties: { k: 'v' },
      },
    });
    const v311 = connectOptions(connection({ mqttVersion: 4, lastWillMsg: { topic: 't', qos: 0, retain: false, payload: 'bye', payloadType: 'STRING', willDelayInterval: 5 } }));
    expect(v311.will).toEqual({ topic: 't', payload: 'bye', qos: 0, retain: false });
  });

  it('sends no Receive Maximum or Maximum Packet Size where the production broker keeps 0 for "not set"', () => {
    const options = connectOptions(connection({ receiveMax: 0, maxPacketSize: 0, maxPacketSizeUnit: null, sessionExpiryInterval: 0, sessionExpiryIntervalUnit: null }));
    expect(options.properties).toEqual({ sessionExpiryInterval: 0 });
  });

  it('takes the password of the configuration, or the one typed when the connection asks for it', () => {
    expect(connectOptions(connection())).toMatchObject({ username: 'sensor', password: 'secret' });
    const asking = connection({ passwordRequired: true, password: null });
    expect(needsPassword(asking.configuration)).toBe(true);
    expect(connectOptions(asking).password).toBeUndefined();
    expect(connectOptions(asking, { password: 'typed' }).password).toBe('typed');
    const existing = connection({ credentialsMode: 'EXISTING', clientCredentialsId: 'cred-1', passwordRequired: true, password: null });
    expect(needsPassword(existing.configuration)).toBe(true);
    expect(connectOptions(existing, { password: 'typed' })).toMatchObject({ username: 'sensor', password: 'typed' });
    const auto = connection({ credentialsMode: 'AUTO', username: 'starling_ab12', password: 'generated' });
    expect(needsPassword(auto.configuration)).toBe(false);
    expect(connectOptions(auto)).toMatchObject({ username: 'starling_ab12', password: 'generated' });
    // Signed in as the owner by another administrator: the broker answers no password, and the page asks for it.
    const withheld = connection({ credentialsMode: 'CUSTOM', password: null, passwordWithheld: true });
    expect(needsPassword(withheld.configuration)).toBe(true);
    expect(connectOptions(withheld, { password: 'typed' })).toMatchObject({ username: 'sensor', password: 'typed' });
    const anonymous = connectOptions(connection({ username: '', password: null }));
    expect(anonymous.username).toBeUndefined();
    expect(anonymous.password).toBeUndefined();
  });

  it('converts the properties of a message to publish', () => {
    expect(publishProperties(undefined)).toBeUndefined();
    expect(publishProperties({ contentType: '' })).toBeUndefined();
    expect(publishProperties({ messageExpiryInterval: 90, topicAlias: 3, correlationData: 'req-7', userProperties: [{ key: 'a', value: '1' }] })).toEqual({
      messageExpiryInterval: 90,
      topicAlias: 3,
      correlationData: bytes('req-7'),
      userProperties: { a: '1' },
    });
  });
});
