import type { SessionRecord, SessionRegistry } from '../mqtt/session-registry.js';
import type { SessionFacts } from './session-filter.js';

export type SessionSortProperty =
  | 'clientId'
  | 'connectionState'
  | 'clientType'
  | 'nodeId'
  | 'subscriptionsCount'
  | 'queuedMessages'
  | 'connectedAt'
  | 'disconnectedAt'
  | 'clientIpAdr'
  | 'cleanStart'
  | 'mqttVersion'
  | 'username';

type KeyOf = (session: SessionRecord, facts: SessionFacts) => number | string;

const KEYS: Record<SessionSortProperty, KeyOf> = {
  clientId: (session) => session.clientId,
  connectionState: (session) => session.connectionState,
  clientType: (session) => session.clientType,
  nodeId: (session) => session.nodeId,
  subscriptionsCount: (session) => session.subscriptions.length,
  queuedMessages: (session, facts) => facts.queuedMessages(session.clientId),
  connectedAt: (session) => session.connectedAt,
  // Connected sessions have no disconnection time: they sort before every offline one.
  disconnectedAt: (session) => session.disconnectedAt ?? -1,
  clientIpAdr: (session) => session.clientIpAdr,
  cleanStart: (session) => (session.cleanStart ? 1 : 0),
  mqttVersion: (session) => session.mqttVersion,
  username: (session) => session.username ?? '',
};

function ascendingBy(keyOf: KeyOf, facts: SessionFacts) {
  return (a: SessionRecord, b: SessionRecord): number => {
    const left = keyOf(a, facts);
    const right = keyOf(b, facts);
    if (left !== right) return left < right ? -1 : 1;
    if (a === b) return 0;
    return a.clientId < b.clientId ? -1 : 1;
  };
}

interface Order {
  sessions: SessionRecord[];
  members: Set<SessionRecord>;
  version: number;
}

/**
 * Every session in ascending order of one property, ties by client id (unique, so pages never
 * overlap). Each order is kept between requests and sorted again only when the registry changed:
 * the array is then nearly in order, and V8's merge sort (TimSort) finishes such input in about
 * one comparison per session (5–25 ms at 100,000 sessions on the benchmark machine), where
 * sorting from scratch costs n log n comparisons (tens of milliseconds more).
 */
export class SessionOrders {
  private readonly orders = new Map<SessionSortProperty, Order>();

  constructor(
    private readonly registry: SessionRegistry,
    private readonly facts: SessionFacts,
  ) {}

  ascending(property: SessionSortProperty): SessionRecord[] {
    if (property === 'queuedMessages') return this.byQueuedMessages();
    let order = this.orders.get(property);
    if (!order) {
      order = { sessions: [], members: new Set(), version: -1 };
      this.orders.set(property, order);
    }
    if (order.version !== this.registry.version) {
      this.catchUp(order);
      order.sessions.sort(ascendingBy(KEYS[property], this.facts));
    }
    return order.sessions;
  }

  /**
   * Queue lengths change with every message, unknown to the registry, so this order is made on
   * every request: most sessions have an empty queue, and they keep the client id order; only
   * the few with messages waiting are sorted.
   */
  private byQueuedMessages(): SessionRecord[] {
    const waiting = new Set<SessionRecord>();
    for (const clientId of this.facts.clientsWithQueuedMessages()) {
      const session = this.registry.get(clientId);
      if (session) waiting.add(session);
    }
    const empty = this.ascending('clientId').filter((session) => !waiting.has(session));
    return empty.concat([...waiting].sort(ascendingBy(KEYS.queuedMessages, this.facts)));
  }

  /** Drops sessions that ended or were replaced by a new connection, and appends new ones. */
  private catchUp(order: Order): void {
    order.sessions = order.sessions.filter((session) => {
      const current = this.registry.get(session.clientId) === session;
      if (!current) order.members.delete(session);
      return current;
    });
    for (const session of this.registry.all()) {
      if (order.members.has(session)) continue;
      order.members.add(session);
      order.sessions.push(session);
    }
    order.version = this.registry.version;
  }
}
