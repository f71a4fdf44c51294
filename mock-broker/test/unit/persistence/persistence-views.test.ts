import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersistedPacket } from '../../../src/mqtt/persistence/persisted-packet.js';
import { openPersistence, type PersistenceOnDisk } from '../../support/node/persistence-store.js';

let store: PersistenceOnDisk;

beforeEach(async () => {
  store = await openPersistence({ maxQueuedMessages: 3 });
});
afterEach(() => store.destroy());

let counter = 0;
const publish = (topic: string, payload: string, extra: Partial<PersistedPacket> = {}): PersistedPacket => ({
  cmd: 'publish',
  topic,
  payload: Buffer.from(payload),
  qos: 1,
  retain: false,
  dup: false,
  brokerId: 'starling-node-1',
  brokerCounter: ++counter,
  ...extra,
});

describe('session view', () => {
  it('lists stored sessions with their subscriptions, options, identifiers, queued and dropped counts', async () => {
    const { persistence } = store;
    await persistence.addSubscriptions({ id: 'meter-2' }, [{ topic: 'meters/#', qos: 1 }]);
    await persistence.addSubscriptions({ id: 'dashboard' }, [
      { topic: 'plant/+/temperature', qos: 2, rh: 1, rap: true, nl: true, subscriptionIdentifier: 7 },
      { topic: 'plant/alarms', qos: 0, rh: 0, rap: false, nl: false },
    ]);
    for (const n of [1, 2, 3, 4, 5]) await persistence.outgoingEnqueue({ clientId: 'dashboard' }, publish('plant/1/temperature', `t${n}`));

    expect(persistence.sessions.list()).toEqual([
      {
        clientId: 'dashboard',
        subscriptions: [
          { topicFilter: 'plant/+/temperature', qos: 2, options: { noLocal: true, retainAsPublished: true, retainHandling: 1 }, subscriptionIdentifier: 7 },
          { topicFilter: 'plant/alarms', qos: 0, options: { noLocal: false, retainAsPublished: false, retainHandling: 0 } },
        ],
        queuedMessages: 3,
        droppedMessages: 2,
      },
      {
        clientId: 'meter-2',
        subscriptions: [{ topicFilter: 'meters/#', qos: 1, options: { noLocal: false, retainAsPublished: false, retainHandling: 0 } }],
        queuedMessages: 0,
        droppedMessages: 0,
      },
    ]);
    expect(persistence.sessions.queuedCount('dashboard')).toBe(3);
    expect(persistence.sessions.queuedCount('nobody')).toBe(0);
    expect(persistence.droppedMessages.total).toBe(2);
  });

  it('tells the listener about each dropped message', async () => {
    const dropped: string[] = [];
    const bounded = await openPersistence({ maxQueuedMessages: 1, onDropped: (clientId, packet) => dropped.push(`${clientId}:${String(packet.payload)}`) });
    try {
      await bounded.persistence.outgoingEnqueueCombi([{ clientId: 'a' }, { clientId: 'b' }], publish('t', 'first'));
      await bounded.persistence.outgoingEnqueueCombi([{ clientId: 'a' }, { clientId: 'b' }], publish('t', 'second'));
      expect(dropped).toEqual(['a:second', 'b:second']);
      expect(bounded.persistence.droppedMessages.countFor('a')).toBe(1);
    } finally {
      await bounded.destroy();
    }
  });

  it('removes a session entirely, and it stays removed after a restart', async () => {
    const { persistence } = store;
    const client = { id: 'gateway' };
    await persistence.addSubscriptions(client, [{ topic: 'cmd/#', qos: 1 }]);
    await persistence.outgoingEnqueue({ clientId: client.id }, publish('cmd/reboot', 'now'));
    await persistence.incomingStorePacket(client, { ...publish('up', 'x', { qos: 2 }), messageId: 9 });
    await persistence.putWill(client, { cmd: 'publish', topic: 'gateway/lost', payload: Buffer.from('bye'), qos: 1, retain: false });
    await persistence.addSubscriptions({ id: 'other' }, [{ topic: 'cmd/#', qos: 1 }]);

    expect(persistence.sessions.remove(client.id)).toBe(true);
    expect(persistence.sessions.remove(client.id)).toBe(false);

    const restarted = await store.restart();
    store = restarted;
    const after = restarted.persistence;
    expect(after.sessions.list().map((session) => session.clientId)).toEqual(['other']);
    expect(await after.subscriptionsByClient(client)).toEqual([]);
    expect(await after.getWill(client)).toBeUndefined();
    await expect(after.incomingGetPacket(client, { messageId: 9 })).rejects.toThrow('no such packet');
    expect((await after.subscriptionsByTopic('cmd/reboot')).map((subscription) => subscription.clientId)).toEqual(['other']);
  });
});

describe('retained message view', () => {
  beforeEach(async () => {
    const { persistence } = store;
    await persistence.storeRetained(publish('plant/2/humidity', '40', { retain: true, qos: 0 }));
    await persistence.storeRetained(publish('plant/1/temperature', '21.5', { retain: true, properties: { contentType: 'text/plain', userProperties: { unit: 'C', sensor: ['a', 'b'] } } }));
    await persistence.storeRetained(publish('plant/3/temperature', '19', { retain: true }));
    await persistence.storeRetained(publish('office/temperature', '23', { retain: true }));
  });

  it('finds the messages a topic filter matches, with properties and the times they were stored', () => {
    const found = [...store.persistence.retainedMessages.matching('plant/+/temperature')].sort((a, b) => (a.packet.topic ?? '').localeCompare(b.packet.topic ?? ''));
    expect(found.map((message) => message.packet.topic)).toEqual(['plant/1/temperature', 'plant/3/temperature']);
    expect(found[0]?.packet).toMatchObject({
      payload: Buffer.from('21.5'),
      qos: 1,
      properties: { contentType: 'text/plain', userProperties: { unit: 'C', sensor: ['a', 'b'] } },
    });
    expect(found[0]?.createdTime).toBeGreaterThan(Date.now() - 60_000);
    expect(found[0]?.updatedTime).toBe(found[0]?.createdTime);
    expect([...store.persistence.retainedMessages.all()]).toHaveLength(4);
  });

  it('keeps the time a topic first got its message when a newer one replaces it', async () => {
    const { retainedMessages } = store.persistence;
    const first = retainedMessages.get('office/temperature');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.persistence.storeRetained(publish('office/temperature', '24', { retain: true }));
    const replaced = retainedMessages.get('office/temperature');
    expect(replaced?.createdTime).toBe(first?.createdTime);
    expect(replaced?.updatedTime).toBeGreaterThan(first?.updatedTime ?? Infinity);
    store = await store.restart();
    expect(store.persistence.retainedMessages.get('office/temperature')).toMatchObject({ createdTime: replaced?.createdTime, updatedTime: replaced?.updatedTime });
  });

  it('sums up each branch: messages, payload bytes and the newest time', () => {
    const { retainedMessages } = store.persistence;
    const top = retainedMessages.branches(undefined);
    expect(top?.map(({ name, count, bytes, hasEntry, hasChildren }) => ({ name, count, bytes, hasEntry, hasChildren }))).toEqual([
      { name: 'plant', count: 3, bytes: 2 + 4 + 2, hasEntry: false, hasChildren: true },
      { name: 'office', count: 1, bytes: 2, hasEntry: false, hasChildren: true },
    ]);
    const newest = Math.max(...[...retainedMessages.all()].map((message) => message.updatedTime));
    expect(top?.[0]?.newest).toBe(Math.max(...[...retainedMessages.matching('plant/#')].map((message) => message.updatedTime)));
    expect(Math.max(...(top ?? []).map((branch) => branch.newest))).toBe(newest);
    expect(retainedMessages.branches('plant')?.map((branch) => branch.topic).sort()).toEqual(['plant/1', 'plant/2', 'plant/3']);
    expect(retainedMessages.branches('nowhere')).toBeUndefined();
  });

  it('reads and deletes one message, and new subscribers no longer get a deleted one', async () => {
    const { retainedMessages } = store.persistence;
    expect(retainedMessages.get('office/temperature')?.packet.payload).toEqual(Buffer.from('23'));
    expect(retainedMessages.delete('office/temperature')).toBe(true);
    expect(retainedMessages.delete('office/temperature')).toBe(false);
    expect(retainedMessages.get('office/temperature')).toBeUndefined();
    const delivered: PersistedPacket[] = await store.persistence.createRetainedStream('office/#').toArray();
    expect(delivered).toEqual([]);
  });

  it('leaves out a message whose expiry has passed', async () => {
    await store.persistence.storeRetained(publish('plant/9/temperature', 'stale', { retain: true, messageExpiry: Date.now() - 1 }));
    const { retainedMessages } = store.persistence;
    expect([...retainedMessages.matching('plant/9/#')]).toEqual([]);
    expect(retainedMessages.get('plant/9/temperature')).toBeUndefined();
    expect(retainedMessages.deleteExpired()).toBe(1);
    expect(retainedMessages.branches('plant')?.map((branch) => branch.name).sort()).toEqual(['1', '2', '3']);
  });
});
