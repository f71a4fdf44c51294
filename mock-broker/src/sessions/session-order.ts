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

type Compare = (a: SessionRecord, b: SessionRecord) => number;

function ascendingBy(keyOf: KeyOf, facts: SessionFacts): Compare {
  return (a, b) => {
    const left = keyOf(a, facts);
    const right = keyOf(b, facts);
    if (left !== right) return left < right ? -1 : 1;
    if (a === b) return 0;
    return a.clientId < b.clientId ? -1 : 1;
  };
}

interface Order {
  sessions: SessionRecord[];
  /** The record each client id holds in `sessions`. */
  members: Map<string, SessionRecord>;
  version: number;
}

/**
 * Up to this many changed sessions are moved one by one (a scan for the old place and a binary
 * search for the new one each); more than that, and sorting the whole, nearly ordered list is cheaper.
 */
const STEPWISE_LIMIT = 64;

/**
 * Every session in ascending order of one property, ties by client id (unique, so pages never
 * overlap). Each order is kept between requests. When sessions changed since, the few changed ones
 * are taken out and put back in their place; after many changes the list is sorted again (nearly
 * in order, which V8's TimSort finishes in about one comparison per session).
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
      order = { sessions: [], members: new Map(), version: -1 };
      this.orders.set(property, order);
    }
    if (order.version !== this.registry.version) {
      const compare = ascendingBy(KEYS[property], this.facts);
      const changed = order.version < 0 ? undefined : this.registry.changedSince(order.version);
      if (changed !== undefined && changed.length <= STEPWISE_LIMIT) this.moveChanged(order, new Set(changed), compare);
      else this.rebuild(order, compare);
      order.version = this.registry.version;
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

  /** Takes each changed session out (its record may have changed in place) and puts its current record back in order. */
  private moveChanged(order: Order, clientIds: Set<string>, compare: Compare): void {
    for (const clientId of clientIds) {
      const held = order.members.get(clientId);
      if (held) {
        const index = order.sessions.indexOf(held);
        if (index >= 0) order.sessions.splice(index, 1);
        order.members.delete(clientId);
      }
      const current = this.registry.get(clientId);
      if (!current) continue;
      order.sessions.splice(insertionPoint(order.sessions, current, compare), 0, current);
      order.members.set(clientId, current);
    }
  }

  /** Keeps the sessions still current in their last order, appends new ones, and sorts. */
  private rebuild(order: Order, compare: Compare): void {
    order.sessions = order.sessions.filter((session) => this.registry.get(session.clientId) === session);
    order.members = new Map(order.sessions.map((session) => [session.clientId, session]));
    for (const session of this.registry.all()) {
      if (order.members.get(session.clientId) === session) continue;
      order.members.set(session.clientId, session);
      order.sessions.push(session);
    }
    order.sessions.sort(compare);
  }
}

/** The first index whose session sorts after `session`. */
function insertionPoint(sessions: SessionRecord[], session: SessionRecord, compare: Compare): number {
  let low = 0;
  let high = sessions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sessions[middle] as SessionRecord, session) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
