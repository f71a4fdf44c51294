import { afterEach, expect, it } from 'vitest';
import type { PersistedPacket } from '../../../src/mqtt/persistence/persisted-packet.js';
import { openPersistence, type PersistenceOnDisk } from '../../support/node/persistence-store.js';

let store: PersistenceOnDisk;
afterEach(() => store.destroy());

const CLIENT = { id: 'meter-7' };
let counter = 0;
const message = (bytes: number, qos = 1): PersistedPacket => ({ cmd: 'publish', topic: 'meter/7', payload: Buffer.alloc(bytes), qos, retain: false, dup: false, brokerId: 'starling-node-1', brokerCounter: ++counter });

async function offer(packet: PersistedPacket): Promise<boolean> {
  const before = store.persistence.sessions.find(CLIENT.id)?.droppedMessages ?? 0;
  await store.persistence.outgoingEnqueueCombi([{ clientId: CLIENT.id }], packet);
  return (store.persistence.sessions.find(CLIENT.id)?.droppedMessages ?? 0) === before;
}

it('holds a session to its payload bytes: what a QoS 2 flow releases, an acknowledgement clears and a restart brings back all count', async () => {
  store = await openPersistence({ maxQueuedBytes: 1000 });
  await store.persistence.addSubscriptions(CLIENT, [{ topic: 'meter/#', qos: 2 }]);
  const first = message(400, 2);
  const second = message(400);
  expect([await offer(first), await offer(second), await offer(message(400))]).toEqual([true, true, false]);

  // The QoS 2 flow reaches its PUBREL: the payload is no longer held.
  await store.persistence.outgoingUpdate(CLIENT, { ...first, messageId: 1 });
  await store.persistence.outgoingUpdate(CLIENT, { cmd: 'pubrel', messageId: 1 });
  expect(await offer(message(500))).toBe(true);
  expect(await offer(message(200))).toBe(false);

  // Restored from the file with the same weight: 400 + 500 held.
  store = await store.restart();
  expect(await offer(message(200))).toBe(false);
  expect(await offer(message(100))).toBe(true);

  // The acknowledgement of the second message frees its 400 bytes.
  await store.persistence.outgoingUpdate(CLIENT, { ...second, messageId: 2 });
  await store.persistence.outgoingClearMessageId(CLIENT, { cmd: 'puback', messageId: 2 });
  expect(await offer(message(400))).toBe(true);
  expect(store.persistence.sessions.find(CLIENT.id)?.queuedMessages).toBe(4);
});

it('takes a message larger than the bound into an empty queue only', async () => {
  store = await openPersistence({ maxQueuedBytes: 1000 });
  await store.persistence.addSubscriptions(CLIENT, [{ topic: 'meter/#', qos: 1 }]);
  expect([await offer(message(5000)), await offer(message(1))]).toEqual([true, false]);
});
