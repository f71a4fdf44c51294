import { afterEach, describe, expect, it } from 'vitest';
import { removeSession } from '../../../src/mqtt/sessions/session-control.js';
import { MqttClients, pause } from '../../support/mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { eventually, WAIT_MS } from '../../support/checks/waits.js';

let node: TestNode;
let clients: MqttClients;

async function start(dataDir?: string): Promise<void> {
  node = await startTestNode(dataDir ? { dataDir } : {});
  clients = new MqttClients(node);
}

/** Stops the node, keeping its data directory, and starts a new one on it. */
async function restart(): Promise<void> {
  await clients.closeAll();
  await node.close();
  await start(node.dataDir);
}

afterEach(async () => {
  await clients.closeAll();
  await node.destroy();
});

/**
 * The session expiry of the tests that restart the node in between: a restart takes a few seconds
 * on an idle machine and more than 10 s on a busy one, and the session must outlast it.
 */
const EXPIRY_S = 20;

describe('sessions across a restart', () => {
  it('still describes an offline persistent session, and forgets a clean one', async () => {
    await start();
    const persistent = await clients.connect({ protocolVersion: 5, clientId: 'kept', username: 'plant-7', keepalive: 30, clean: false, properties: { sessionExpiryInterval: 3600 } });
    await persistent.subscribeAsync('plant/7/#', { qos: 1, rap: true, properties: { subscriptionIdentifier: 4 } });
    await persistent.subscribeAsync('$share/line/plant/+/alarm', { qos: 0 });
    await clients.connect({ protocolVersion: 4, clientId: 'passing', clean: true });
    await persistent.endAsync();
    await eventually(() => expect(node.mqtt.sessions.get('kept')?.connectionState).toBe('DISCONNECTED'));
    const disconnectedAt = node.mqtt.sessions.get('kept')?.disconnectedAt;

    await restart();
    expect(node.mqtt.sessions.get('passing')).toBeUndefined();
    const kept = node.mqtt.sessions.get('kept');
    expect(kept).toMatchObject({
      connectionState: 'DISCONNECTED',
      disconnectedAt,
      mqttVersion: 5,
      username: 'plant-7',
      keepAliveSeconds: 30,
      cleanStart: false,
      sessionExpiryInterval: 3600,
    });
    expect(kept?.subscriptions).toEqual(
      expect.arrayContaining([
        { topicFilter: 'plant/7/#', qos: 1, options: { noLocal: false, retainAsPublish: true, retainHandling: 0 }, subscriptionId: 4 },
        expect.objectContaining({ topicFilter: '$share/line/plant/+/alarm', qos: 0 }),
      ]),
    );
    expect(node.mqtt.sessions.counts()).toEqual({ connected: 0, disconnected: 1, total: 1 });
  });

  it('ends a restored session when its expiry interval runs out', async () => {
    await start();
    const client = await clients.connect({ protocolVersion: 5, clientId: 'short-lived', clean: false, properties: { sessionExpiryInterval: EXPIRY_S } });
    await client.subscribeAsync('short/t', { qos: 1 });
    const endedAt = Date.now();
    await client.endAsync();
    await restart();
    expect(node.mqtt.sessions.get('short-lived')?.connectionState).toBe('DISCONNECTED');

    // Time is what this checks, one-sided: ended once its time is up, not before.
    await eventually(() => expect(node.mqtt.sessions.get('short-lived')).toBeUndefined(), { timeout: EXPIRY_S * 1000 + WAIT_MS });
    expect(Date.now() - endedAt).toBeGreaterThanOrEqual(EXPIRY_S * 1000 - 100);
    expect(node.mqtt.broker.persistence.sessions.find('short-lived')).toBeUndefined();
    // The event history is in SQLite: what happened before the restart is still there.
    expect(node.mqtt.events.forClient('short-lived').map((event) => event.type)).toEqual(['CONNECTED', 'DISCONNECTED', 'SESSION_EXPIRED']);
    const again = await clients.connect({ protocolVersion: 5, clientId: 'short-lived', clean: false, properties: { sessionExpiryInterval: 2 } });
    expect(clients.connack(again)?.sessionPresent).toBe(false);
  });

  it('gives a restored session back to its client when it returns in time', async () => {
    await start();
    const client = await clients.connect({ protocolVersion: 5, clientId: 'returning', clean: false, properties: { sessionExpiryInterval: EXPIRY_S } });
    await client.subscribeAsync('returning/t', { qos: 1 });
    const endedAt = Date.now();
    await client.endAsync();
    await restart();
    const again = await clients.connect({ protocolVersion: 5, clientId: 'returning', clean: false, properties: { sessionExpiryInterval: 60 } });
    expect(clients.connack(again)?.sessionPresent).toBe(true);
    // Time is what this checks: past the first connection's expiry, the session is still there.
    await pause(endedAt + EXPIRY_S * 1000 + 500 - Date.now());
    expect(node.mqtt.sessions.get('returning')?.connectionState).toBe('CONNECTED');
  });
});

describe('removing a session', () => {
  it('removes an offline session with its queued messages, and refuses a connected one', async () => {
    await start();
    const client = await clients.connect({ protocolVersion: 4, clientId: 'to-remove', clean: false });
    await client.subscribeAsync('remove/t', { qos: 1 });
    expect(removeSession(node.mqtt.broker, node.mqtt.sessions, 'to-remove')).toBe('CONNECTED');
    await client.endAsync();
    const publisher = await clients.connect();
    await publisher.publishAsync('remove/t', 'waiting', { qos: 1 });
    await eventually(() => expect(node.mqtt.broker.persistence.sessions.find('to-remove')?.queuedMessages).toBe(1));

    expect(removeSession(node.mqtt.broker, node.mqtt.sessions, 'to-remove')).toBe('REMOVED');
    expect(node.mqtt.sessions.get('to-remove')).toBeUndefined();
    expect(node.mqtt.broker.persistence.sessions.find('to-remove')).toBeUndefined();
    const again = await clients.connect({ protocolVersion: 4, clientId: 'to-remove', clean: false });
    expect(clients.connack(again)?.sessionPresent).toBe(false);
    expect(removeSession(node.mqtt.broker, node.mqtt.sessions, 'never-seen')).toBe('NOT_FOUND');
  });

  it('stays removed after a restart', async () => {
    await start();
    const client = await clients.connect({ protocolVersion: 5, clientId: 'gone-for-good', clean: false, properties: { sessionExpiryInterval: 600 } });
    await client.subscribeAsync('gone/t');
    await client.endAsync();
    await eventually(() => expect(node.mqtt.sessions.get('gone-for-good')?.connectionState).toBe('DISCONNECTED'));
    removeSession(node.mqtt.broker, node.mqtt.sessions, 'gone-for-good');
    await restart();
    expect(node.mqtt.sessions.get('gone-for-good')).toBeUndefined();
  });
});
