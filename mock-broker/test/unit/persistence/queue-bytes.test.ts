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

it('holds a session to the bytes of its topics and payloads: what a QoS 2 flow releases, an acknowledgement clears and a restart brings back all count', async () => {
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

  // Restored from the file with the same weight: 400 + 500 held, and each message's 7-byte topic.
  store = await store.restart();
  expect(await offer(message(200))).toBe(false);
  expect(await offer(message(80))).toBe(false);
  expect(await offer(message(79))).toBe(true);

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

it('holds all sessions together to the node-wide bound, which acknowledgements, removed sessions and a restart all keep right', async () => {
  store = await openPersistence({ maxQueuedBytes: 1000, maxTotalQueuedBytes: 1500 });
  const meters = ['meter-1', 'meter-2', 'meter-3'].map((id) => ({ id }));
  for (const meter of meters) await store.persistence.addSubscriptions(meter, [{ topic: 'meter/#', qos: 1 }]);
  const dropped = (id: string) => store.persistence.sessions.find(id)?.droppedMessages ?? 0;
  const queued = (id: string) => store.persistence.sessions.find(id)?.queuedMessages ?? 0;

  // 600 bytes to each of three sessions: each under its own bound, but the third copy would take the node to 1800.
  const first = message(600);
  await store.persistence.outgoingEnqueueCombi(meters.map(({ id }) => ({ clientId: id })), first);
  expect(meters.map(({ id }) => [queued(id), dropped(id)])).toEqual([[1, 0], [1, 0], [0, 1]]);
  // Up to the bound exactly (two copies of 600 + 7 bytes of topic, then 279 + 7), then not a byte more, not even into an empty queue.
  await store.persistence.outgoingEnqueueCombi([{ clientId: 'meter-3' }], message(279));
  expect([queued('meter-3'), dropped('meter-3')]).toEqual([1, 1]);
  await store.persistence.outgoingEnqueueCombi([{ clientId: 'meter-2' }], message(1));
  expect([queued('meter-2'), dropped('meter-2')]).toEqual([1, 1]);

  // A restart brings the same total back from the file.
  store = await store.restart();
  await store.persistence.outgoingEnqueueCombi([{ clientId: 'meter-1' }], message(1));
  expect(dropped('meter-1')).toBe(1);

  // The acknowledgement of meter-1's message frees its 600 bytes for any session.
  const [meter1] = meters as [{ id: string }];
  await store.persistence.outgoingUpdate(meter1, { ...first, messageId: 1 });
  await store.persistence.outgoingClearMessageId(meter1, { cmd: 'puback', messageId: 1 });
  await store.persistence.outgoingEnqueueCombi([{ clientId: 'meter-3' }], message(600));
  expect(queued('meter-3')).toBe(2);
  await store.persistence.outgoingEnqueueCombi([{ clientId: 'meter-1' }], message(100));
  expect(dropped('meter-1')).toBe(2);

  // So does the queue of a session removed.
  store.persistence.sessions.remove('meter-2');
  await store.persistence.outgoingEnqueueCombi([{ clientId: 'meter-1' }], message(600));
  expect(queued('meter-1')).toBe(1);
});

it('counts the properties a queued message carries: an empty payload cannot hide a large user property', async () => {
  store = await openPersistence({ maxQueuedBytes: 1000 });
  await store.persistence.addSubscriptions(CLIENT, [{ topic: 'meter/#', qos: 1 }]);
  const withNote = (bytes: number): PersistedPacket => ({ ...message(0), properties: { userProperties: { note: 'n'.repeat(bytes) } } });
  // 7 bytes of topic, then 'userProperties' and 'note' (18 bytes) and the value: 600 + 25, then 400 + 25 would pass 1000.
  expect([await offer(withNote(600)), await offer(withNote(400))]).toEqual([true, false]);
  expect(await offer(withNote(350))).toBe(true);
});
