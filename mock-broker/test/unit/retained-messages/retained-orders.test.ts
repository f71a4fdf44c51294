import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersistedPacket } from '../../../src/mqtt/persistence/persisted-packet.js';
import { RetainedOrders } from '../../../src/retained-messages/retained-orders.js';
import { openPersistence, type PersistenceOnDisk } from '../../support/node/persistence-store.js';

let store: PersistenceOnDisk;
beforeEach(async () => {
  store = await openPersistence();
});
afterEach(() => store.destroy());

const retained = (topic: string, payload: string, qos = 0): PersistedPacket => ({ cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: true });
const topicsOf = (orders: RetainedOrders, property: Parameters<RetainedOrders['ascending']>[0]) => orders.ascending(property).map((row) => row.topic);

describe('kept orders of the retained messages', () => {
  it('orders by the property, ties by topic, and follows a few changes one by one', async () => {
    const { persistence } = store;
    for (const [topic, payload, qos] of [['d', 'bb', 1], ['a', 'c', 2], ['c', 'aaa', 1], ['b', 'a', 0]] as const) await persistence.storeRetained(retained(topic, payload, qos));
    const orders = new RetainedOrders(persistence.retainedMessages);
    expect(topicsOf(orders, 'qos')).toEqual(['b', 'c', 'd', 'a']);
    expect(topicsOf(orders, 'payload')).toEqual(['b', 'c', 'd', 'a']);
    expect(topicsOf(orders, 'payloadSize')).toEqual(['a', 'b', 'd', 'c']);
    const before = orders.ascending('qos');

    await persistence.storeRetained(retained('a', 'c', 0));
    await persistence.storeRetained(retained('e', 'z', 1));
    persistence.retainedMessages.delete('c');
    const after = orders.ascending('qos');
    expect(after).toBe(before);
    expect(after.map((row) => row.topic)).toEqual(['a', 'b', 'd', 'e']);
    expect(topicsOf(orders, 'payload')).toEqual(['b', 'd', 'a', 'e']);
  });

  it('sorts again after many changes, leaving out deleted messages', async () => {
    const { persistence } = store;
    for (let index = 0; index < 10; index += 1) await persistence.storeRetained(retained(`t/${index}`, 'x'.repeat(index + 1)));
    const orders = new RetainedOrders(persistence.retainedMessages);
    expect(topicsOf(orders, 'payloadSize')).toHaveLength(10);
    for (let index = 0; index < 100; index += 1) await persistence.storeRetained(retained(`t/${index}`, 'x'.repeat(200 - index)));
    for (let index = 0; index < 50; index += 1) persistence.retainedMessages.delete(`t/${index}`);
    const expected = Array.from({ length: 50 }, (_, offset) => `t/${99 - offset}`);
    expect(topicsOf(orders, 'payloadSize')).toEqual(expected);
  });
});
