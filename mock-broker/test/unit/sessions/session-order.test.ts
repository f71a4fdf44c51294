import { describe, expect, it } from 'vitest';
import { SessionRegistry, type SessionRecord } from '../../../src/mqtt/sessions/session-registry.js';
import { SessionOrders, type SessionSortProperty } from '../../../src/sessions/session-order.js';

const noQueues = { queuedMessages: () => 0, clientsWithQueuedMessages: () => [] };

/** A small deterministic random source, so a failure can be replayed. */
function randomSource(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

function record(clientId: string, at: number, subscriptions: number, address: string): SessionRecord {
  return {
    clientId,
    sessionId: `${clientId}-${at}`,
    clientType: 'DEVICE',
    nodeId: 'node-1',
    connectionState: 'CONNECTED',
    connectedAt: at,
    disconnectedAt: null,
    clientIpAdr: address,
    mqttVersion: 5,
    keepAliveSeconds: 60,
    cleanStart: false,
    sessionExpiryInterval: 3600,
    username: null,
    subscriptions: Array.from({ length: subscriptions }, (_, index) => ({ topicFilter: `t/${index}`, qos: 1, options: { noLocal: false, retainAsPublish: false, retainHandling: 0 } })),
  };
}

const PROPERTIES: SessionSortProperty[] = ['clientId', 'connectedAt', 'disconnectedAt', 'subscriptionsCount', 'clientIpAdr', 'connectionState'];

describe('kept session orders (sessions list sorting)', () => {
  it('stay the same as a fresh sort while sessions connect, disconnect, change subscriptions and go', () => {
    const random = randomSource(7);
    const registry = new SessionRegistry();
    const orders = new SessionOrders(registry, noQueues);
    for (let index = 0; index < 300; index += 1) registry.connected(record(`client-${index}`, index, random(4), `10.0.0.${random(9)}:1883`));
    for (const property of PROPERTIES) orders.ascending(property);

    for (let round = 0; round < 40; round += 1) {
      // Few changes between reads (moved one by one) and, every tenth round, many (sorted again).
      const changes = round % 10 === 9 ? 200 : 1 + random(20);
      for (let change = 0; change < changes; change += 1) {
        const clientId = `client-${random(330)}`;
        const action = random(4);
        if (action === 0) registry.connected(record(clientId, 1000 + round * 100 + change, random(4), `10.0.1.${random(9)}:1883`));
        else if (action === 1) registry.disconnected(clientId, 5000 + round * 100 + change);
        else if (action === 2) registry.setSubscriptions(clientId, record(clientId, 0, random(5), '').subscriptions);
        else registry.remove(clientId);
      }
      for (const property of PROPERTIES) {
        const kept = Array.from(orders.ascending(property), (slot) => registry.table.clientIds[slot]);
        const fresh = Array.from(new SessionOrders(registry, noQueues).ascending(property), (slot) => registry.table.clientIds[slot]);
        expect(kept, `${property} after round ${round}`).toEqual(fresh);
      }
    }
  });

  it('sorts by queued messages as the queues change between requests: empty queues by client id, then the rest by length', () => {
    const random = randomSource(11);
    const registry = new SessionRegistry();
    const queues = new Map<string, number>();
    const facts = { queuedMessages: (clientId: string) => queues.get(clientId) ?? 0, clientsWithQueuedMessages: () => queues.keys() };
    const orders = new SessionOrders(registry, facts);
    for (let index = 0; index < 200; index += 1) registry.connected(record(`client-${String(index).padStart(3, '0')}`, index, 0, 'x'));
    const expected = () =>
      [...registry.table.clientIds]
        .filter((clientId): clientId is string => clientId !== undefined)
        .sort((a, b) => {
          const [left, right] = [queues.get(a), queues.get(b)];
          // Sessions without a queue come first; among the rest the shorter queue first; ties by client id.
          if ((left === undefined) !== (right === undefined)) return left === undefined ? -1 : 1;
          if ((left ?? 0) !== (right ?? 0)) return (left ?? 0) - (right ?? 0);
          return a < b ? -1 : 1;
        });
    for (let round = 0; round < 30; round += 1) {
      // Queues come and go between requests (none at all in some rounds); the order's buffer is reused.
      queues.clear();
      const waiting = round % 5 === 0 ? 0 : 1 + random(25);
      for (let index = 0; index < waiting; index += 1) queues.set(`client-${String(random(200)).padStart(3, '0')}`, 1 + random(6));
      const ordered = Array.from(orders.ascending('queuedMessages'), (slot) => registry.table.clientIds[slot]);
      expect(ordered, `round ${round}`).toEqual(expected());
    }
  });

  it('tells which sessions changed since a version, until the log no longer reaches back', () => {
    const registry = new SessionRegistry();
    registry.connected(record('a', 1, 0, 'x'));
    const version = registry.version;
    registry.connected(record('b', 2, 0, 'x'));
    registry.disconnected('a', 3);
    expect(registry.changedSince(version)).toEqual([registry.table.slotOf.get('b'), registry.table.slotOf.get('a')]);
    for (let index = 0; index < 5000; index += 1) registry.setSubscriptions('a', []);
    expect(registry.changedSince(version)).toBeUndefined();
    expect(registry.changedSince(registry.version)).toEqual([]);
  });
});
