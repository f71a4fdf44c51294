import type { PersistedPacket } from '../../src/mqtt/persistence/persisted-packet.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { saveCredentials } from '../support/client-credentials.js';
import { MqttClients, inbox, pause } from '../support/mqtt-clients.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
let clients: MqttClients;

afterEach(async () => {
  await clients.closeAll();
  await node.destroy();
});

/**
 * Starts a node whose data directory holds a will of a client that is gone: what a node that
 * crashed under a connected client leaves behind.
 */
async function startAfterCrash(
  clientId: string,
  will: { topic: string; payload: string; retain: boolean; willDelayInterval?: number },
  beforeCrash: (crashed: TestNode) => Promise<Record<string, unknown>> = async () => ({}),
): Promise<void> {
  const crashed = await startTestNode();
  const extra = await beforeCrash(crashed);
  const packet = {
    ...extra,
    cmd: 'publish',
    topic: will.topic,
    payload: Buffer.from(will.payload),
    qos: 1,
    retain: will.retain,
    ...(will.willDelayInterval ? { properties: { willDelayInterval: will.willDelayInterval } } : {}),
  } as unknown as PersistedPacket;
  await crashed.mqtt.broker.persistence.putWill({ id: clientId }, packet);
  await crashed.close();
  node = await startTestNode({ dataDir: crashed.dataDir });
  clients = new MqttClients(node);
}

describe('wills left by a node that stopped under its clients', () => {
  it('are published when the node starts again', async () => {
    await startAfterCrash('vanished-sensor', { topic: 'status/vanished-sensor', payload: 'offline', retain: true });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    expect(await received.next()).toMatchObject({ topic: 'status/vanished-sensor', payload: 'offline' });
    expect(await node.mqtt.broker.persistence.getWill({ id: 'vanished-sensor' })).toBeUndefined();
  });

  it('wait for their Will Delay Interval', async () => {
    // 10 s from the node's start (its end before is unknown): room for the watcher to connect and
    // subscribe on a busy machine, where starting a node may take seconds, before the will is due.
    await startAfterCrash('slow-goodbye', { topic: 'status/slow-goodbye', payload: 'gone', retain: false, willDelayInterval: 10 });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    expect(await received.none(200)).toBe(true);
    expect((await received.next(20_000)).payload).toBe('gone');
  }, 40_000);

  it('are dropped when their client comes back within the delay', async () => {
    await startAfterCrash('back-in-time', { topic: 'status/back-in-time', payload: 'gone', retain: false, willDelayInterval: 1 });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    await clients.connect({ protocolVersion: 5, clientId: 'back-in-time', clean: false, properties: { sessionExpiryInterval: 600 } });
    await pause(1500);
    expect(received.messages).toEqual([]);
  });

  it('go out at once when their client comes back within the delay with Clean Start, which ends the session (MQTT 5 3.1.2.5)', async () => {
    await startAfterCrash('fresh-start', { topic: 'status/fresh-start', payload: 'gone', retain: false, willDelayInterval: 5 });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    await clients.connect({ protocolVersion: 5, clientId: 'fresh-start', clean: true });
    expect((await received.next(1000)).payload).toBe('gone');
    expect(await received.none(300)).toBe(true);
  });

  it('are dropped when the access rules of now refuse them: anonymous access closed meanwhile', async () => {
    await startAfterCrash('anonymous-sensor', { topic: 'status/anonymous-sensor', payload: 'offline', retain: true }, async (crashed) => {
      const api = new ApiClient(crashed.baseUrl);
      await api.signIn();
      expect((await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'REFUSED' })).status).toBe(200);
      return {};
    });
    expect(await node.mqtt.broker.persistence.getWill({ id: 'anonymous-sensor' })).toBeUndefined();
    expect(node.mqtt.broker.persistence.retainedMessages.get('status/anonymous-sensor')).toBeUndefined();
  });

  it('are dropped when the credentials that let their client in were deleted meanwhile', async () => {
    await startAfterCrash('credentialed-sensor', { topic: 'status/credentialed-sensor', payload: 'offline', retain: true }, async (crashed) => {
      const api = new ApiClient(crashed.baseUrl);
      await api.signIn();
      const saved = await saveCredentials(api, { name: 'Sensor', value: { userName: 'sensor', authRules: { pubAuthRulePatterns: ['status/.*'] } } });
      const identity = { clientId: 'credentialed-sensor', username: 'sensor', address: '127.0.0.1', tlsUsed: false };
      expect((await api.call('DELETE', `/api/mqtt/client/credentials/${saved.id}`)).status).toBe(200);
      return { admittedAs: { identity, admission: { clientType: 'DEVICE', credentialsId: saved.id, secretStamp: '' } } };
    });
    expect(await node.mqtt.broker.persistence.getWill({ id: 'credentialed-sensor' })).toBeUndefined();
    expect(node.mqtt.broker.persistence.retainedMessages.get('status/credentialed-sensor')).toBeUndefined();
  });
});
