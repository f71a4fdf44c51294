import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersistedPacket } from '../../../src/mqtt/persistence/persisted-packet.js';
import { openPersistence, type PersistenceOnDisk } from '../../support/node/persistence-store.js';
import { eventually } from '../../support/checks/waits.js';

let store: PersistenceOnDisk;

beforeEach(async () => {
  store = await openPersistence();
});
afterEach(() => store.destroy());

async function restart(): Promise<PersistenceOnDisk> {
  store = await store.restart();
  return store;
}

const binary = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x7f]);
const mqtt5Properties = {
  payloadFormatIndicator: false,
  messageExpiryInterval: 3600,
  contentType: 'application/octet-stream',
  responseTopic: 'replies/7',
  correlationData: Buffer.from([1, 2, 3, 250]),
  userProperties: { site: 'north', tag: ['a', 'b'] },
};

function publish(brokerCounter: number, extra: Partial<PersistedPacket> = {}): PersistedPacket {
  return { cmd: 'publish', topic: 'plant/7/status', payload: binary, qos: 1, retain: false, dup: false, brokerId: 'starling-node-1', brokerCounter, ...extra };
}

describe('after a restart the store still has', () => {
  it('retained messages, with binary payloads and MQTT 5 properties byte for byte', async () => {
    const packet = publish(1, { retain: true, properties: mqtt5Properties, messageExpiry: 1_900_000_000_000 });
    await store.persistence.storeRetained(packet);
    await store.persistence.storeRetained({ cmd: 'publish', topic: 'text/topic', payload: 'a string payload', qos: 0, retain: true });
    const { persistence } = await restart();
    expect(await persistence.createRetainedStream('plant/#').toArray()).toEqual([packet]);
    expect((await persistence.createRetainedStream('text/#').toArray())[0]?.payload).toBe('a string payload');
  });

  it('subscriptions with their QoS, options and identifier, matched by topic as before', async () => {
    const client = { id: 'dashboard' };
    const subscriptions = [
      { topic: 'plant/+/status', qos: 1, rh: 2, rap: true, nl: false, subscriptionIdentifier: 42 },
      { topic: 'plant/#', qos: 0, rh: 0, rap: false, nl: true },
    ];
    await store.persistence.addSubscriptions(client, subscriptions);
    await store.persistence.addSubscriptions({ id: 'legacy-311' }, [{ topic: 'plant/7/status', qos: 2 }]);
    const { persistence } = await restart();
    expect(await persistence.subscriptionsByClient(client)).toEqual(subscriptions);
    expect(await persistence.subscriptionsByTopic('plant/7/status')).toEqual(
      expect.arrayContaining([
        { clientId: 'dashboard', topic: 'plant/+/status', qos: 1, rh: 2, rap: true, nl: false },
        { clientId: 'legacy-311', topic: 'plant/7/status', qos: 2, rh: undefined, rap: undefined, nl: undefined },
      ]),
    );
    expect(await persistence.countOffline()).toEqual({ subsCount: 2, clientsCount: 2 });
  });

  it('queued messages in order, in-flight message ids, and a QoS 2 flow at its pubrel', async () => {
    const client = { id: 'meter' };
    for (const counter of [1, 2, 3]) await store.persistence.outgoingEnqueue({ clientId: client.id }, publish(counter, { properties: mqtt5Properties }));
    await store.persistence.outgoingUpdate(client, { ...publish(1), messageId: 11 });
    await store.persistence.outgoingUpdate(client, { ...publish(2), messageId: 12 });
    await store.persistence.outgoingUpdate(client, { cmd: 'pubrel', messageId: 12 });

    const { persistence } = await restart();
    const queued = await persistence.outgoingStream(client).toArray();
    expect(queued.map((packet) => [packet.cmd, packet.messageId, packet.brokerCounter])).toEqual([
      ['publish', 11, 1],
      ['pubrel', 12, undefined],
      ['publish', undefined, 3],
    ]);
    expect(queued[0]).toMatchObject({ payload: binary, properties: mqtt5Properties });

    expect(await persistence.outgoingClearMessageId(client, { cmd: 'puback', messageId: 11 })).toMatchObject({ brokerCounter: 1 });
    expect(persistence.sessions.queuedCount(client.id)).toBe(2);
  });

  it('two QoS 2 flows released one after the other, each under its own message id', async () => {
    const client = { id: 'ledger' };
    for (const counter of [1, 2]) await store.persistence.outgoingEnqueue({ clientId: client.id }, publish(counter, { qos: 2 }));
    await store.persistence.outgoingUpdate(client, { ...publish(1, { qos: 2 }), messageId: 21 });
    await store.persistence.outgoingUpdate(client, { ...publish(2, { qos: 2 }), messageId: 22 });
    const first = { cmd: 'pubrel', messageId: 21 };
    await store.persistence.outgoingUpdate(client, first);
    await store.persistence.outgoingUpdate(client, { cmd: 'pubrel', messageId: 22 });
    // The PUBREL Aedes is about to send for the first flow still names the first flow.
    expect(first.messageId).toBe(21);

    const { persistence } = await restart();
    expect((await persistence.outgoingStream(client).toArray()).map((packet) => [packet.cmd, packet.messageId])).toEqual([
      ['pubrel', 21],
      ['pubrel', 22],
    ]);
  });

  it('a broker counter that continues after the highest one queued', async () => {
    await store.persistence.outgoingEnqueue({ clientId: 'meter' }, publish(500));
    const { broker } = await restart();
    expect(broker.counter).toBe(500);
  });

  it('QoS 2 packets a client sent and the broker has not released', async () => {
    const client = { id: 'sender' };
    await store.persistence.incomingStorePacket(client, { ...publish(0, { qos: 2, properties: mqtt5Properties }), messageId: 7 });
    await store.persistence.incomingStorePacket(client, { ...publish(0, { qos: 2 }), messageId: 8 });
    await store.persistence.incomingDelPacket(client, { messageId: 8 });
    const { persistence } = await restart();
    expect(await persistence.incomingGetPacket(client, { messageId: 7 })).toMatchObject({ topic: 'plant/7/status', payload: binary, qos: 2, properties: mqtt5Properties, messageId: 7 });
    await expect(persistence.incomingGetPacket(client, { messageId: 8 })).rejects.toThrow('no such packet');
  });

  it('QoS 2 packets not released, as receipts without payload or properties when the payloads are not kept, also those stored whole before', async () => {
    const client = { id: 'sender' };
    await store.persistence.incomingStorePacket(client, { ...publish(0, { qos: 2, properties: mqtt5Properties }), messageId: 7 });
    store = await store.restart({ keepIncomingPayloads: false });
    await store.persistence.incomingStorePacket(client, { ...publish(0, { qos: 2, properties: mqtt5Properties }), messageId: 9 });
    const receipt = { cmd: 'publish', topic: 'plant/7/status', payload: Buffer.alloc(0), qos: 2, retain: false, dup: false };
    for (const persistence of [store.persistence, (await restart()).persistence]) {
      for (const messageId of [7, 9]) expect(await persistence.incomingGetPacket(client, { messageId })).toEqual({ ...receipt, brokerId: 'starling-node-1', brokerCounter: 0, messageId });
    }
  });

  it('wills, tagged with the broker that took them', async () => {
    const will = { cmd: 'publish', topic: 'plant/7/lost', payload: binary, qos: 1, retain: true, properties: { willDelayInterval: 30, userProperties: { why: 'gone' } } };
    await store.persistence.putWill({ id: 'plant-7' }, { ...will });
    const { persistence } = await restart();
    expect(await persistence.getWill({ id: 'plant-7' })).toEqual({ ...will, brokerId: 'starling-node-1', clientId: 'plant-7' });
    expect(await persistence.streamWill({ 'other-node': Date.now() }).toArray()).toHaveLength(1);
    expect(await persistence.streamWill({ 'starling-node-1': Date.now() }).toArray()).toHaveLength(0);
  });

  it('changes from a batch that could not be written, once the file accepts writes again', async () => {
    const failures: unknown[] = [];
    let flaky = await openPersistence({ flushIntervalMs: 5, onFlushError: (error) => failures.push(error) });
    try {
      // The table disappears under the store, as a full or failing disk would refuse the batch.
      flaky.database.exec('ALTER TABLE mqtt_retained_message RENAME TO parked');
      await flaky.persistence.storeRetained(publish(1, { retain: true }));
      await eventually(() => expect(failures).not.toHaveLength(0));
      flaky.database.exec('ALTER TABLE parked RENAME TO mqtt_retained_message');
      flaky = await flaky.restart();
      expect(await flaky.persistence.createRetainedStream('#').toArray()).toHaveLength(1);
    } finally {
      await flaky.destroy();
    }
  });

  it('nothing of a message acknowledged before the batch was written', async () => {
    const client = { id: 'fast' };
    await store.persistence.outgoingEnqueue({ clientId: client.id }, publish(1));
    await store.persistence.outgoingUpdate(client, { ...publish(1), messageId: 1 });
    await store.persistence.outgoingClearMessageId(client, { cmd: 'puback', messageId: 1 });
    const { persistence } = await restart();
    expect(await persistence.outgoingStream(client).toArray()).toEqual([]);
  });
});
