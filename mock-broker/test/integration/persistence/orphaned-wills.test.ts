import type { PersistedPacket } from '../../../src/mqtt/persistence/persisted-packet.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { MqttClients, inbox, pause } from '../../support/mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { WAIT_MS } from '../../support/checks/waits.js';

let node: TestNode;
let clients: MqttClients;

afterEach(async () => {
  await clients.closeAll();
  await node.destroy();
});

/**
 * Starts a node whose data directory holds a will of a client that is gone: what a node that
 * crashed under a connected client leaves behind. Answers when the node began to start: its
 * wills' delays end no earlier than that plus the delay.
 */
async function startAfterCrash(
  clientId: string,
  will: { topic: string; payload: string; retain: boolean; willDelayInterval?: number },
  beforeCrash: (crashed: TestNode) => Promise<Record<string, unknown>> = async () => ({}),
): Promise<number> {
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
  const startedAt = Date.now();
  node = await startTestNode({ dataDir: crashed.dataDir });
  clients = new MqttClients(node);
  return startedAt;
}

/**
 * The will delay of the tests that wait for it. A node's delayed wills count from its start, and a
 * start takes 3 s on an idle machine and more than 10 s on a busy one: 20 s leaves the watcher
 * (and a returning client) room to be there before the will is due.
 */
const WILL_DELAY_S = 20;

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
    // 3 s: room for the watcher to connect and subscribe on a busy machine before the will is due.
    const startedAt = await startAfterCrash('slow-goodbye', { topic: 'status/slow-goodbye', payload: 'gone', retain: false, willDelayInterval: WILL_DELAY_S });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    expect(Date.now() - startedAt).toBeLessThan(WILL_DELAY_S * 1000);
    expect(await received.none()).toBe(true);
    expect((await received.next(WILL_DELAY_S * 1000 + WAIT_MS)).payload).toBe('gone');
    // Time is what this checks, one-sided: not before its delay (a busy machine only makes it later).
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(WILL_DELAY_S * 1000 - 100);
  });

  it('are dropped when their client comes back within the delay', async () => {
    const startedAt = await startAfterCrash('back-in-time', { topic: 'status/back-in-time', payload: 'gone', retain: false, willDelayInterval: WILL_DELAY_S });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    await clients.connect({ protocolVersion: 5, clientId: 'back-in-time', clean: false, properties: { sessionExpiryInterval: 600 } });
    expect(Date.now() - startedAt).toBeLessThan(WILL_DELAY_S * 1000);
    // Time is what this checks: past the delay's end, nothing came.
    await pause(startedAt + WILL_DELAY_S * 1000 + 1000 - Date.now());
    expect(await received.none()).toBe(true);
  });

  it('go out at once when their client comes back within the delay with Clean Start, which ends the session (MQTT 5 3.1.2.5)', async () => {
    // 60 s: the will can only come within the test's wait because the session ended.
    await startAfterCrash('fresh-start', { topic: 'status/fresh-start', payload: 'gone', retain: false, willDelayInterval: 60 });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    // With a Session Expiry Interval: the new session outlives its connection, the old one ended all the same.
    await clients.connect({ protocolVersion: 5, clientId: 'fresh-start', clean: true, properties: { sessionExpiryInterval: 600 } });
    expect((await received.next()).payload).toBe('gone');
    expect(await received.none()).toBe(true);
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
