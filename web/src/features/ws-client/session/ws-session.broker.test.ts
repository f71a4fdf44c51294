// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WsConnection } from '../../../api/generated/model/wsConnection';
import type { WsConnectionConfiguration } from '../../../api/generated/model/wsConnectionConfiguration';
import { type RealBroker, startRealBroker } from './test-support/real-broker.mjs';
import type { ConnectionStatus } from '../connection-status';
import { InThreadMqttLink } from './mqtt-link/in-thread-mqtt-link';
import { testConnection } from './test-support/test-connection';
import { WsSession } from './ws-session';

const CREDENTIALS = { username: 'ws-tester', password: 'right-password' };
let broker: RealBroker;
const sessions: WsSession[] = [];

beforeAll(async () => {
  broker = await startRealBroker({ ...CREDENTIALS, subscribePatterns: ['(plant|replies)/.*'] });
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.dispose()));
});
afterAll(() => broker?.stop());

let clientNumber = 0;
function connection(overrides: Partial<WsConnectionConfiguration> = {}): WsConnection {
  clientNumber += 1;
  const url = `ws://127.0.0.1:${broker.wsPort}/mqtt`;
  const saved = testConnection({ url, clientId: `starling-session-${clientNumber}`, ...CREDENTIALS, connectTimeout: 15, ...overrides });
  return { ...saved, id: `connection-${clientNumber}` };
}

function newSession(): WsSession {
  // Node has no web workers: mqtt.js runs on the test's thread, behind the same link the worker's client offers.
  const session = new WsSession(`session-${sessions.length}`, { openLink: InThreadMqttLink.open });
  sessions.push(session);
  return session;
}

/** Resolves once the session reaches one of these statuses. */
function reaches(session: WsSession, statuses: ConnectionStatus[]): Promise<ConnectionStatus> {
  return new Promise((resolve) => {
    const check = () => {
      if (!statuses.includes(session.getStatus())) return false;
      stop();
      resolve(session.getStatus());
      return true;
    };
    const stop = session.subscribeToChanges(check);
    check();
  });
}

async function connected(overrides: Partial<WsConnectionConfiguration> = {}): Promise<WsSession> {
  const session = newSession();
  await session.connect(connection(overrides));
  expect(await reaches(session, ['CONNECTED', 'CONNECTION_FAILED']), JSON.stringify(session.getFailure())).toBe('CONNECTED');
  return session;
}

/** Resolves once the store holds this many messages. */
function holds(session: WsSession, count: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = session.messages.subscribe(() => {
      if (session.messages.size < count) return;
      stop();
      resolve();
    });
  });
}

describe('the web-socket client session against a real broker', () => {
  it('subscribes to the saved subscriptions on connect, when the broker kept no session', async () => {
    const session = newSession();
    session.setSubscriptions([{ topicFilter: 'plant/saved/#', qos: 1, color: '#0000ff' }]);
    await session.connect(connection({ cleanStart: true }));
    expect(await reaches(session, ['CONNECTED', 'CONNECTION_FAILED'])).toBe('CONNECTED');
    // Published until one comes back: the saved subscription is made right after CONNACK. Ten
    // seconds of trying: room for a busy machine; a session that never subscribes fails below.
    const received = () => [...session.messages.messages()].filter((message) => message.direction === 'RECEIVED');
    const deadline = Date.now() + 10_000;
    for (let attempt = 0; received().length === 0 && Date.now() < deadline; attempt += 1) {
      await session.publish({ topic: 'plant/saved/level', qos: 1, retain: false, payload: String(attempt), payloadType: 'STRING' });
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(received().length).toBeGreaterThan(0);
    expect(received()[0]?.color).toBe('#0000ff');
  });

  it.each([5, 4] as const)('connects over WebSocket with MQTT %s, subscribes, publishes and receives in the subscription colour', async (mqttVersion) => {
    const session = await connected({ mqttVersion });
    session.setSubscriptions([
      { topicFilter: 'plant/+/alarm', qos: 1, color: '#ff0000' },
      { topicFilter: 'plant/#', qos: 1, color: '#00ff00' },
    ]);
    expect(await session.subscribe({ topicFilter: 'plant/#', qos: 1, color: '#00ff00' })).toEqual({ reasonCode: 1 });
    const arrived = holds(session, 4);
    await session.publish({ topic: 'plant/7/alarm', qos: 1, retain: false, payload: '{"level":3}', payloadType: 'JSON' });
    await session.publish({ topic: 'plant/7/temperature', qos: 0, retain: false, payload: '21.5', payloadType: 'STRING' });
    await arrived;
    const messages = [...session.messages.messages()].map(({ direction, topic, color, payload }) => ({ direction, topic, color, payload: new TextDecoder().decode(payload) }));
    expect(messages).toHaveLength(4);
    expect(messages.filter((message) => message.direction === 'RECEIVED')).toEqual([
      { direction: 'RECEIVED', topic: 'plant/7/alarm', color: '#ff0000', payload: '{"level":3}' },
      { direction: 'RECEIVED', topic: 'plant/7/temperature', color: '#00ff00', payload: '21.5' },
    ]);
    expect(session.topicTree.root.children.get('plant')?.messageCount).toBe(4);
    await session.disconnect();
    expect(session.getStatus()).toBe('DISCONNECTED');
    expect(session.getStatusLog().map((entry) => entry.status)).toEqual(['CONNECTING', 'CONNECTED', 'CLOSE', 'END', 'DISCONNECTED']);
  });

  it('carries MQTT 5 properties both ways and matches a reply by its correlation data', async () => {
    const session = await connected();
    await session.subscribe({ topicFilter: 'replies/#', qos: 1, color: '#0000ff', subscriptionId: 9 });
    session.requests.track({ correlationData: 'req-1', requestTopic: 'requests/a', responseTopic: 'replies/a', sentAt: Date.now() });
    const arrived = holds(session, 2);
    await session.publish({
      topic: 'replies/a',
      qos: 1,
      retain: false,
      payload: 'pong',
      payloadType: 'STRING',
      properties: { contentType: 'text/plain', correlationData: 'req-1', userProperties: [{ key: 'k', value: '1' }, { key: 'k', value: '2' }] },
    });
    await arrived;
    const received = [...session.messages.messages()].find((message) => message.direction === 'RECEIVED');
    expect(received?.properties).toMatchObject({ contentType: 'text/plain', userProperties: { k: ['1', '2'] }, subscriptionIdentifier: 9 });
    expect(new TextDecoder().decode(received?.properties?.correlationData)).toBe('req-1');
    expect(session.requests.list[0]?.reply?.message).toBe(received);
  });

  it('says why a SUBSCRIBE was refused, and keeps the refusal for the filter until it is unsubscribed or the client disconnects', async () => {
    const session = newSession();
    // A saved subscription the broker refuses on connect is known as refused too.
    session.setSubscriptions([{ topicFilter: 'vault/#', qos: 1, color: '#0000ff' }]);
    await session.connect(connection({ cleanStart: true }));
    expect(await reaches(session, ['CONNECTED', 'CONNECTION_FAILED'])).toBe('CONNECTED');
    await expect.poll(() => [...session.getRefusals()]).toEqual([['vault/#', 0x87]]);

    expect(await session.subscribe({ topicFilter: 'secrets/#', qos: 0, color: '#000000' })).toEqual({ reasonCode: 0x87 });
    expect(await session.subscribe({ topicFilter: 'plant/#', qos: 0, color: '#00ff00' })).toEqual({ reasonCode: 0 });
    expect([...session.getRefusals()]).toEqual([
      ['vault/#', 0x87],
      ['secrets/#', 0x87],
    ]);
    await session.unsubscribe('secrets/#');
    expect([...session.getRefusals()]).toEqual([['vault/#', 0x87]]);
    await session.disconnect();
    expect(session.getRefusals().size).toBe(0);
  });

  it.each([
    [5, 0x86],
    [4, 4],
  ] as const)('shows a wrong password refused by CONNACK (MQTT %s, code %s)', async (mqttVersion, code) => {
    const session = newSession();
    await session.connect(connection({ mqttVersion, password: 'wrong' }));
    expect(await reaches(session, ['CONNECTED', 'CONNECTION_FAILED'])).toBe('CONNECTION_FAILED');
    expect(session.getFailure()).toEqual({ kind: 'CONNACK', code, protocolVersion: mqttVersion, offerMqtt311: false });
  });

  it('shows a refused WebSocket when nothing listens on the port', async () => {
    const session = newSession();
    const url = `ws://127.0.0.1:${broker.mqttPort}/mqtt`;
    await session.connect(connection({ url: 'ws://127.0.0.1:1/mqtt' }));
    expect(await reaches(session, ['CONNECTED', 'CONNECTION_FAILED'])).toBe('CONNECTION_FAILED');
    expect(session.getFailure()).toMatchObject({ kind: 'WEBSOCKET', url: 'ws://127.0.0.1:1/mqtt' });
    // A listener that is no WebSocket server (MQTT over TCP) refuses the upgrade.
    await session.connect(connection({ url }));
    expect(await reaches(session, ['CONNECTED', 'CONNECTION_FAILED'])).toBe('CONNECTION_FAILED');
    expect(session.getFailure()).toMatchObject({ kind: 'WEBSOCKET', url });
  });

  it('refuses a malformed URL and a missing password without trying', async () => {
    const session = newSession();
    await session.connect(connection({ url: 'http://127.0.0.1/mqtt' }));
    expect(session.getStatus()).toBe('CONNECTION_FAILED');
    expect(session.getFailure()).toEqual({ kind: 'MALFORMED_URL', url: 'http://127.0.0.1/mqtt' });
    await session.connect(connection({ passwordRequired: true, password: null }));
    expect(session.getFailure()).toEqual({ kind: 'PASSWORD_MISSING' });
    await session.connect(connection({ passwordRequired: true, password: null }), { password: CREDENTIALS.password });
    expect(await reaches(session, ['CONNECTED', 'CONNECTION_FAILED'])).toBe('CONNECTED');
  });
});
