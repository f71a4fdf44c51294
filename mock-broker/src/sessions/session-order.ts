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

/**
 * What the list's filters and sorts read of one session, copied into one small object: walking
 * 100,000 of these, made one after the other, stays in the processor's caches, where the session
 * records themselves lie scattered among the broker's other objects (several times slower to walk).
 */
export interface SessionRow {
  session: SessionRecord;
  clientId: string;
  connectionState: SessionRecord['connectionState'];
  clientType: SessionRecord['clientType'];
  nodeId: string;
  cleanStart: boolean;
  subscriptionsCount: number;
  connectedAt: number;
  disconnectedAt: number | null;
  clientIpAdr: string;
  mqttVersion: number;
  username: string | null;
}

export function rowOf(session: SessionRecord): SessionRow {
  return {
    session,
    clientId: session.clientId,
    connectionState: session.connectionState,
    clientType: session.clientType,
    nodeId: session.nodeId,
    cleanStart: session.cleanStart,
    subscriptionsCount: session.subscriptions.length,
    connectedAt: session.connectedAt,
    disconnectedAt: session.disconnectedAt,
    clientIpAdr: session.clientIpAdr,
    mqttVersion: session.mqttVersion,
    username: session.username,
  };
}

type KeyOf = (row: SessionRow, facts: SessionFacts) => number | string;

const KEYS: Record<SessionSortProperty, KeyOf> = {
  clientId: (row) => row.clientId,
  connectionState: (row) => row.connectionState,
  clientType: (row) => row.clientType,
  nodeId: (row) => row.nodeId,
  subscriptionsCount: (row) => row.subscriptionsCount,
  queuedMessages: (row, facts) => facts.queuedMessages(row.clientId),
  connectedAt: (row) => row.connectedAt,
  // Connected sessions have no disconnection time: they sort before every offline one.
  disconnectedAt: (row) => row.disconnectedAt ?? -1,
  clientIpAdr: (row) => row.clientIpAdr,
  cleanStart: (row) => (row.cleanStart ? 1 : 0),
  mqttVersion: (row) => row.mqttVersion,
  username: (row) => row.username ?? '',
};

type Compare = (a: SessionRow, b: SessionRow) => number;

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
  rows: SessionRow[];
  /** The row each client id holds in `rows`. */
  members: Map<string, SessionRow>;
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

  ascending(property: SessionSortProperty): SessionRow[] {
    if (property === 'queuedMessages') return this.byQueuedMessages();
    let order = this.orders.get(property);
    if (!order) {
      order = { rows: [], members: new Map(), version: -1 };
      this.orders.set(property, order);
    }
    if (order.version !== this.registry.version) {
      const compare = ascendingBy(KEYS[property], this.facts);
      const changed = order.version < 0 ? undefined : this.registry.changedSince(order.version);
      if (changed !== undefined && changed.length <= STEPWISE_LIMIT) this.moveChanged(order, new Set(changed), compare);
      else this.rebuild(order, compare);
      order.version = this.registry.version;
    }
    return order.rows;
  }

  /**
   * Queue lengths change with every message, unknown to the registry, so this order is made on
   * every request: most sessions have an empty queue, and they keep the client id order; only
   * the few with messages waiting are sorted.
   */
  private byQueuedMessages(): SessionRow[] {
    const byClientId = this.ascending('clientId');
    const order = this.orders.get('clientId');
    const waiting = new Set<SessionRow>();
    for (const clientId of this.facts.clientsWithQueuedMessages()) {
      const row = order?.members.get(clientId);
      if (row) waiting.add(row);
    }
    const empty = byClientId.filter((row) => !waiting.has(row));
    return empty.concat([...waiting].sort(ascendingBy(KEYS.queuedMessages, this.facts)));
  }

  /** Takes each changed session's row out and puts a fresh row of its current record back in order. */
  private moveChanged(order: Order, clientIds: Set<string>, compare: Compare): void {
    for (const clientId of clientIds) {
      const held = order.members.get(clientId);
      if (held) {
        const index = order.rows.indexOf(held);
        if (index >= 0) order.rows.splice(index, 1);
        order.members.delete(clientId);
      }
      const current = this.registry.get(clientId);
      if (!current) continue;
      const row = rowOf(current);
      order.rows.splice(insertionPoint(order.rows, row, compare), 0, row);
      order.members.set(clientId, row);
    }
  }

  /**
   * Fresh rows of every session, those still present first in their last order (so the sort
   * finds them nearly in place), new ones after; then sorted.
   */
  private rebuild(order: Order, compare: Compare): void {
    const rows: SessionRow[] = [];
    const members = new Map<string, SessionRow>();
    const keep = (session: SessionRecord) => {
      const row = rowOf(session);
      rows.push(row);
      members.set(session.clientId, row);
    };
    for (const held of order.rows) {
      const current = this.registry.get(held.clientId);
      if (current && !members.has(held.clientId)) keep(current);
    }
    for (const session of this.registry.all()) if (!members.has(session.clientId)) keep(session);
    rows.sort(compare);
    order.rows = rows;
    order.members = members;
  }
}

/** The first index whose row sorts after `row`. */
function insertionPoint(rows: SessionRow[], row: SessionRow, compare: Compare): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(rows[middle] as SessionRow, row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
