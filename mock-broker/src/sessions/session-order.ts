import type { SessionRegistry } from '../mqtt/sessions/session-registry.js';
import type { SessionTable } from '../mqtt/sessions/session-table.js';
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

/** One key per slot of the table, made once per sort: numbers in a typed array, text in an array. */
type Keys = Float64Array | string[];

const NUMBER_KEYS: Partial<Record<SessionSortProperty, (table: SessionTable, slot: number) => number>> = {
  connectedAt: (table, slot) => table.connectedAt[slot] ?? 0,
  // Connected sessions have no disconnection time: they sort before every offline one.
  disconnectedAt: (table, slot) => table.disconnectedAtOf(slot) ?? -1,
  subscriptionsCount: (table, slot) => table.subscriptionsCount[slot] ?? 0,
  cleanStart: (table, slot) => (table.cleanStart(slot) ? 1 : 0),
  mqttVersion: (table, slot) => table.mqttVersion[slot] ?? 0,
};

const TEXT_KEYS: Partial<Record<SessionSortProperty, (table: SessionTable, slot: number) => string>> = {
  clientId: (table, slot) => table.clientIds[slot] ?? '',
  connectionState: (table, slot) => table.connectionState(slot),
  clientType: (table, slot) => table.clientType(slot),
  nodeId: (table, slot) => table.nodeId(slot),
  clientIpAdr: (table, slot) => table.clientIpAdr(slot),
  username: (table, slot) => table.username(slot) ?? '',
};

function keysOf(table: SessionTable, property: SessionSortProperty): Keys {
  const numberKey = NUMBER_KEYS[property];
  if (numberKey) {
    const keys = new Float64Array(table.end);
    for (let slot = 0; slot < keys.length; slot += 1) keys[slot] = numberKey(table, slot);
    return keys;
  }
  const textKey = TEXT_KEYS[property] ?? TEXT_KEYS.clientId;
  const keys: string[] = new Array<string>(table.end);
  for (let slot = 0; slot < keys.length; slot += 1) keys[slot] = table.clientIds[slot] === undefined ? '' : (textKey?.(table, slot) ?? '');
  return keys;
}

type Compare = (a: number, b: number) => number;

/** Ascending by key, ties by client id (unique, so pages never overlap). */
function ascendingBy(keys: Keys | ((slot: number) => number | string), clientIds: (string | undefined)[]): Compare {
  const keyOf = typeof keys === 'function' ? keys : (slot: number) => keys[slot] as number | string;
  return (a, b) => {
    const left = keyOf(a);
    const right = keyOf(b);
    if (left !== right) return left < right ? -1 : 1;
    if (a === b) return 0;
    return (clientIds[a] ?? '') < (clientIds[b] ?? '') ? -1 : 1;
  };
}

interface Order {
  /** Slots of the table in order; `length` of them are in use. */
  slots: Int32Array;
  length: number;
  version: number;
}

/**
 * Up to this many changed sessions are moved one by one (a scan for the old place and a binary
 * search for the new one each); more than that, and sorting the whole list again is cheaper.
 */
const STEPWISE_LIMIT = 64;

/**
 * Every session in ascending order of one property, ties by client id, as slots of the registry's
 * table: four bytes per session and order, where a row object each cost over a hundred. Each order
 * is kept between requests. When sessions changed since, the few changed ones are taken out and put
 * back in their place; after many changes the list is sorted again.
 */
export class SessionOrders {
  private readonly orders = new Map<SessionSortProperty, Order>();
  /** Kept between requests by byQueuedMessages: the order it answers, and marks of the slots with a queue (all 0 between calls). */
  private queuedOrder = new Int32Array(0);
  private waiting = new Uint8Array(0);

  constructor(
    private readonly registry: SessionRegistry,
    private readonly facts: SessionFacts,
  ) {}

  /** The slots in ascending order (a view; valid until the next call). */
  ascending(property: SessionSortProperty): Int32Array {
    if (property === 'queuedMessages') return this.byQueuedMessages();
    let order = this.orders.get(property);
    if (!order) {
      order = { slots: new Int32Array(0), length: 0, version: -1 };
      this.orders.set(property, order);
    }
    if (order.version !== this.registry.version) {
      const changed = order.version < 0 ? undefined : this.registry.changedSince(order.version);
      if (changed !== undefined && changed.length <= STEPWISE_LIMIT) this.moveChanged(order, property, new Set(changed));
      else this.rebuild(order, property);
      order.version = this.registry.version;
    }
    return order.slots.subarray(0, order.length);
  }

  /**
   * Queue lengths change with every message, unknown to the registry, so this order is made on
   * every request: most sessions have an empty queue, and they keep the client id order; only
   * the few with messages waiting are sorted, after them. With no queue at all it is the client id
   * order itself; otherwise the order is written into a buffer kept between requests (a million
   * sessions would otherwise allocate megabytes per request).
   */
  private byQueuedMessages(): Int32Array {
    const byClientId = this.ascending('clientId');
    const { table } = this.registry;
    const queued = new Map<number, number>();
    for (const clientId of this.facts.clientsWithQueuedMessages()) {
      const slot = table.slotOf.get(clientId);
      if (slot !== undefined && !queued.has(slot)) queued.set(slot, this.facts.queuedMessages(clientId));
    }
    if (queued.size === 0) return byClientId;
    if (this.queuedOrder.length < byClientId.length) this.queuedOrder = new Int32Array(Math.max(16, byClientId.length + (byClientId.length >> 3)));
    if (this.waiting.length < table.end) this.waiting = new Uint8Array(Math.max(16, table.end + (table.end >> 3)));
    const { queuedOrder: ordered, waiting } = this;
    for (const slot of queued.keys()) waiting[slot] = 1;
    let length = 0;
    for (let index = 0; index < byClientId.length; index += 1) {
      const slot = byClientId[index] ?? 0;
      if (waiting[slot] === 0) ordered[length++] = slot;
    }
    const waitingSlots = [...queued.keys()];
    for (const slot of waitingSlots) waiting[slot] = 0;
    waitingSlots.sort(ascendingBy((slot) => queued.get(slot) ?? 0, table.clientIds));
    for (const slot of waitingSlots) ordered[length++] = slot;
    return ordered.subarray(0, length);
  }

  /** Takes the changed slots out and puts each back (when it still holds a session) in its place. */
  private moveChanged(order: Order, property: SessionSortProperty, slots: Set<number>): void {
    const { table } = this.registry;
    const compare = ascendingBy(keysOfSlot(table, property), table.clientIds);
    // All out first: the keys are read from the table, where a changed slot still in the list
    // would already have its new key at its old place, and the binary search below needs order.
    for (const slot of slots) {
      const index = order.slots.subarray(0, order.length).indexOf(slot);
      if (index >= 0) {
        order.slots.copyWithin(index, index + 1, order.length);
        order.length -= 1;
      }
    }
    for (const slot of slots) {
      if (table.clientIds[slot] === undefined) continue;
      if (order.length === order.slots.length) order.slots = grownSlots(order.slots);
      const at = insertionPoint(order.slots, order.length, slot, compare);
      order.slots.copyWithin(at + 1, at, order.length);
      order.slots[at] = slot;
      order.length += 1;
    }
  }

  private rebuild(order: Order, property: SessionSortProperty): void {
    const { table } = this.registry;
    const slots = new Int32Array(Math.max(16, table.size + (table.size >> 3)));
    let length = 0;
    for (let slot = 0; slot < table.end; slot += 1) if (table.clientIds[slot] !== undefined) slots[length++] = slot;
    slots.subarray(0, length).sort(ascendingBy(keysOf(table, property), table.clientIds));
    order.slots = slots;
    order.length = length;
  }
}

/** The key of one slot, read when asked (a few changed sessions do not pay for a key per session). */
function keysOfSlot(table: SessionTable, property: SessionSortProperty): (slot: number) => number | string {
  const numberKey = NUMBER_KEYS[property];
  if (numberKey) return (slot) => numberKey(table, slot);
  const textKey = TEXT_KEYS[property] ?? TEXT_KEYS.clientId;
  return (slot) => textKey?.(table, slot) ?? '';
}

function grownSlots(slots: Int32Array): Int32Array {
  const larger = new Int32Array(Math.max(16, slots.length * 2));
  larger.set(slots);
  return larger;
}

/** The first index whose slot sorts after `slot`. */
function insertionPoint(slots: Int32Array, length: number, slot: number, compare: Compare): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(slots[middle] ?? 0, slot) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
