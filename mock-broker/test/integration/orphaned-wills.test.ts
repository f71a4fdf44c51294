import type { PersistedPacket } from '../../src/mqtt/persistence/persisted-packet.js';
import { afterEach, describe, expect, it } from 'vitest';
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
async function startAfterCrash(clientId: string, will: { topic: string; payload: string; retain: boolean; willDelayInterval?: number }): Promise<void> {
  const crashed = await startTestNode();
  const packet = {
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
    await startAfterCrash('slow-goodbye', { topic: 'status/slow-goodbye', payload: 'gone', retain: false, willDelayInterval: 1 });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    expect(await received.none(200)).toBe(true);
    expect((await received.next(3000)).payload).toBe('gone');
  });

  it('are dropped when their client comes back within the delay', async () => {
    await startAfterCrash('back-in-time', { topic: 'status/back-in-time', payload: 'gone', retain: false, willDelayInterval: 1 });
    const watcher = await clients.connect({ protocolVersion: 5 });
    const received = inbox(watcher);
    await watcher.subscribeAsync('status/#', { qos: 1 });
    await clients.connect({ protocolVersion: 5, clientId: 'back-in-time', clean: false, properties: { sessionExpiryInterval: 600 } });
    await pause(1500);
    expect(received.messages).toEqual([]);
  });
});
