import { describe, expect, it } from 'vitest';
import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import { connectionFormValuesOf, type ConnectionFormValues, connectionSaveOf, newConnectionForm, validateConnectionForm } from './connection-form-values';
import { connectionUrlOf, defaultUrlParts, urlPartsOf } from './connection-url';
import { NEW_LAST_WILL } from './last-will-values';

const base = (changes: Partial<ConnectionFormValues> = {}): ConnectionFormValues => ({
  ...newConnectionForm('Lab', { protocol: 'ws', host: 'broker.local', port: '8084', path: '/mqtt' }, 'starling_Ab12Cd34'),
  ...changes,
});
const errorIds = (errors: object) => Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined && 'id' in message).map(([field, message]) => [field, (message as { id: string }).id]));
const asSaved = (values: ConnectionFormValues): WsConnection => {
  const { name, configuration } = connectionSaveOf(values, 'u1');
  return { id: 'c1', createdTime: 1, userId: 'u1', name, configuration };
};

describe('connection URL (issue 15)', () => {
  it('defaults to the broker serving the console: its host, web-socket port and path', () => {
    expect(defaultUrlParts({ wsPort: 9001, wsPath: '/ws', wssListenerEnabled: false }, 'console.example')).toEqual({ protocol: 'ws', host: 'console.example', port: '9001', path: '/ws' });
    expect(defaultUrlParts(undefined, 'h')).toEqual({ protocol: 'ws', host: 'h', port: '8084', path: '/mqtt' });
  });

  it('reaches the console\'s own origin, below its base, when the page names a proxied web-socket path', () => {
    document.head.insertAdjacentHTML('beforeend', '<base href="/starling/"><meta name="starling-mqtt-websocket" content="mqtt">');
    try {
      const config = { wsPort: 9001, wsPath: '/ws', wssListenerEnabled: false };
      expect(defaultUrlParts(config, 'ignored')).toEqual({ protocol: 'ws', host: window.location.hostname, port: window.location.port, path: '/starling/mqtt' });
      expect(defaultUrlParts(config, 'h', new URL('wss://console.example/mqtt'))).toEqual({ protocol: 'wss', host: 'console.example', port: '', path: '/mqtt' });
    } finally {
      document.head.querySelectorAll('base, meta[name="starling-mqtt-websocket"]').forEach((element) => element.remove());
    }
  });

  it('joins and splits again', () => {
    expect(connectionUrlOf({ protocol: 'wss', host: ' b ', port: '8085', path: 'mqtt' })).toBe('wss://b:8085/mqtt');
    expect(connectionUrlOf({ protocol: 'ws', host: 'b', port: '', path: '' })).toBe('ws://b');
    expect(urlPartsOf('wss://b:8085/mqtt')).toEqual({ protocol: 'wss', host: 'b', port: '8085', path: '/mqtt' });
    expect(urlPartsOf('ws://[::1]:8084/mqtt')).toEqual({ protocol: 'ws', host: '[::1]', port: '8084', path: '/mqtt' });
  });
});

describe('connection form values (issue 15)', () => {
  it('start with AUTO credentials, MQTT 5 and the documented timings', () => {
    const save = connectionSaveOf(base(), 'u1');
    // Every field the production broker keeps, the unset ones as it answers them.
    expect(save).toEqual({
      name: 'Lab',
      userId: 'u1',
      configuration: {
        url: 'ws://broker.local:8084/mqtt',
        rejectUnauthorized: false,
        clientId: 'starling_Ab12Cd34',
        credentialsMode: 'AUTO',
        clientCredentialsId: null,
        username: null,
        passwordRequired: false,
        mqttVersion: 5,
        cleanStart: true,
        ...{ keepAlive: 60, keepAliveUnit: 'SECONDS', connectTimeout: 30, connectTimeoutUnit: 'SECONDS', reconnectPeriod: 1, reconnectPeriodUnit: 'SECONDS' },
        sessionExpiryInterval: 0,
        sessionExpiryIntervalUnit: 'SECONDS',
        maxPacketSize: 0,
        maxPacketSizeUnit: 'KILOBYTE',
        topicAliasMax: 0,
        receiveMax: 0,
        requestResponseInfo: false,
        requestProblemInfo: true,
        userProperties: null,
        lastWillMsg: null,
      },
    });
    expect(validateConnectionForm(base())).toEqual({});
  });

  it('keep every setting and its unit on the way to the API and back', () => {
    const values = base({
      mqttVersion: 5,
      keepAlive: 2,
      keepAliveUnit: 'MINUTES',
      connectTimeout: 1500,
      connectTimeoutUnit: 'MILLISECONDS',
      reconnectPeriod: 0,
      reconnectPeriodUnit: 'HOURS',
      sessionExpiryInterval: 1,
      sessionExpiryIntervalUnit: 'HOURS',
      maxPacketSize: 2,
      maxPacketSizeUnit: 'MEGABYTE',
      topicAliasMax: '10',
      receiveMax: '20',
      requestResponseInfo: true,
      requestProblemInfo: false,
      userProperties: [
        { key: 'site', value: 'a' },
        { key: 'site', value: 'b' },
      ],
      lastWillEnabled: true,
      lastWill: {
        ...NEW_LAST_WILL,
        topic: 'status/lab',
        qos: 1,
        retain: true,
        payload: { online: false },
        payloadType: 'JSON',
        willDelayInterval: 30,
        willDelayIntervalUnit: 'SECONDS',
        properties: { ...NEW_LAST_WILL.properties, contentType: 'application/json', messageExpiryInterval: 10, messageExpiryIntervalUnit: 'MINUTES', userProperties: [{ key: 'k', value: 'v' }] },
      },
    });
    const { configuration } = connectionSaveOf(values, 'u1');
    expect(configuration).toMatchObject({
      keepAliveUnit: 'MINUTES',
      connectTimeout: 1500,
      connectTimeoutUnit: 'MILLISECONDS',
      reconnectPeriodUnit: 'HOURS',
      sessionExpiryInterval: 1,
      sessionExpiryIntervalUnit: 'HOURS',
      maxPacketSize: 2,
      maxPacketSizeUnit: 'MEGABYTE',
      topicAliasMax: 10,
      receiveMax: 20,
      userProperties: { props: [{ k: 'site', v: 'a' }, { k: 'site', v: 'b' }] },
      lastWillMsg: {
        topic: 'status/lab',
        qos: 1,
        retain: true,
        payload: '{"online":false}',
        payloadType: 'JSON',
        payloadFormatIndicator: false,
        contentType: 'application/json',
        willDelayInterval: 30,
        willDelayIntervalUnit: 'SECONDS',
        msgExpiryInterval: 10,
        msgExpiryIntervalUnit: 'MINUTES',
        responseTopic: null,
        correlationData: null,
        userProperties: { props: [{ k: 'k', v: 'v' }] },
      },
    });
    expect(connectionFormValuesOf(asSaved(values))).toEqual(values);
  });

  it('keep the MQTT 5 properties on MQTT 3.x, as the production broker does, but leave the will\'s out', () => {
    const values = base({
      mqttVersion: 4,
      sessionExpiryInterval: 5,
      receiveMax: '0',
      userProperties: [{ key: 'a', value: 'b' }],
      lastWillEnabled: true,
      lastWill: { ...NEW_LAST_WILL, topic: 't', willDelayInterval: 3, properties: { ...NEW_LAST_WILL.properties, contentType: 'x' } },
    });
    expect(validateConnectionForm(values)).toEqual({});
    const { configuration } = connectionSaveOf(values, 'u1');
    expect(configuration).toMatchObject({ sessionExpiryInterval: 5, receiveMax: 0, userProperties: { props: [{ k: 'a', v: 'b' }] } });
    expect(configuration.lastWillMsg).toEqual({ topic: 't', qos: 0, retain: false, payload: '', payloadType: 'STRING' });
  });

  it('send EXISTING credentials by id with their username, never a password', () => {
    const values = base({ credentialsMode: 'EXISTING', clientCredentialsId: 'cred-1', username: 'dev1', password: 'ignored', passwordRequired: true });
    const { configuration } = connectionSaveOf(values, 'u1');
    expect(configuration).toMatchObject({ credentialsMode: 'EXISTING', clientCredentialsId: 'cred-1', username: 'dev1', passwordRequired: true });
    expect(configuration).not.toHaveProperty('password');
    expect(connectionFormValuesOf(asSaved(values))).toMatchObject({ credentialsMode: 'EXISTING', clientCredentialsId: 'cred-1', username: 'dev1', password: '', passwordRequired: true });
    expect(errorIds(validateConnectionForm(base({ credentialsMode: 'EXISTING' })))).toEqual({ clientCredentialsId: 'ws-client.connection.credentials-required' });
  });

  it('send CUSTOM credentials with the password kept, or asked on connect', () => {
    const kept = connectionSaveOf(base({ credentialsMode: 'CUSTOM', username: ' dev ', password: 'secret' }), 'u1').configuration;
    expect(kept).toMatchObject({ credentialsMode: 'CUSTOM', username: 'dev', password: 'secret', passwordRequired: false });
    const asked = connectionSaveOf(base({ credentialsMode: 'CUSTOM', username: 'dev', password: 'secret', passwordRequired: true }), 'u1').configuration;
    expect(asked).toMatchObject({ username: 'dev', password: null, passwordRequired: true });
    // On update an empty password field keeps the stored password.
    expect(connectionSaveOf(base({ credentialsMode: 'CUSTOM', username: 'dev' }), 'u1', 'c1').configuration).not.toHaveProperty('password');
    expect(connectionSaveOf(base({ credentialsMode: 'CUSTOM', username: 'dev' }), 'u1', 'c1').id).toBe('c1');
    expect(errorIds(validateConnectionForm(base({ credentialsMode: 'CUSTOM' })))).toEqual({ username: 'ws-client.connection.username-required' });
  });

  it('send AUTO without username or password, whatever the broker answered', () => {
    const saved = asSaved(base());
    saved.configuration = { ...saved.configuration, username: 'starling_websockets_x', password: 'p', clientCredentialsId: 'auto-1' };
    const values = connectionFormValuesOf(saved);
    expect(values).toMatchObject({ credentialsMode: 'AUTO', username: '', password: '', clientCredentialsId: null });
    const { configuration } = connectionSaveOf(values, 'u1', 'c1');
    expect(configuration).toMatchObject({ username: null, clientCredentialsId: null });
    expect(configuration).not.toHaveProperty('password');
  });

  it('name the field of each wrong value', () => {
    const values = base({
      name: ' ',
      host: 'http://x/',
      port: '70000',
      clientId: '',
      keepAlive: 65_536,
      connectTimeout: 2,
      connectTimeoutUnit: 'HOURS',
      reconnectPeriod: null,
      sessionExpiryInterval: 4_294_967_296,
      maxPacketSize: 257,
      maxPacketSizeUnit: 'MEGABYTE',
      topicAliasMax: '-1',
      receiveMax: '0',
      lastWillEnabled: true,
      lastWill: { ...NEW_LAST_WILL, topic: 'a/#', payload: null, payloadType: 'JSON', willDelayInterval: 4_294_967_296 },
    });
    expect(errorIds({ ...validateConnectionForm(values), willMessage: undefined })).toMatchObject({
      name: 'ws-client.connection.name-required',
      host: 'ws-client.connection.host-invalid',
      port: 'ws-client.connection.port-invalid',
      clientId: 'ws-client.connection.client-id-required',
      keepAlive: 'ws-client.connection.keep-alive-invalid',
      connectTimeout: 'ws-client.connection.connect-timeout-invalid',
      reconnectPeriod: 'ws-client.connection.reconnect-period-invalid',
      sessionExpiryInterval: 'ws-client.connection.session-expiry-invalid',
      maxPacketSize: 'ws-client.connection.max-packet-size-invalid',
      topicAliasMax: 'ws-client.connection.topic-alias-max-invalid',
      receiveMax: 'ws-client.connection.receive-max-invalid',
    });
    expect(errorIds(validateConnectionForm(values).willMessage ?? {})).toEqual({
      topic: 'ws-client.publish.topic-wildcard',
      payload: 'ws-client.publish.payload-invalid',
      willDelayInterval: 'ws-client.connection.will-delay-invalid',
    });
  });
});
