import type { RetainedView, StoredRetainedMessage } from '../mqtt/persistence/retained-view.js';
import { payloadBytes } from '../mqtt/persistence/persisted-packet.js';
import { userPropertiesCount } from './retained-message-views.js';

export type RetainedMessageSortProperty = 'topic' | 'qos' | 'payload' | 'payloadSize' | 'createdTime' | 'userPropertiesCount';

/**
 * A message with the key it sorts by and what the list's filters read, copied out once: rows all
 * have one shape, where stored packets have many (whatever fields their publisher's packet had),
 * and reading the same fields from objects of many shapes is several times slower.
 */
export interface RetainedRow {
  key: number | string;
  topic: string;
  qos: number;
  updatedTime: number;
  /** Epoch milliseconds; Infinity when the message never expires. */
  expiresAt: number;
  /** The topic and the payload as lower-case text, kept once a search has read them (small payloads only). */
  lowerCaseTopic: string | undefined;
  lowerCasePayload: string | undefined;
  message: StoredRetainedMessage;
}

/** The payload order compares this many leading bytes; payloads alike that far are ordered by topic. */
export const PAYLOAD_ORDER_BYTES = 256;

const KEYS: Record<RetainedMessageSortProperty, (message: StoredRetainedMessage) => number | string> = {
  // The topic is the tie-break of every order: as its own key it adds nothing.
  topic: () => 0,
  qos: (message) => message.packet.qos ?? 0,
  // Latin-1 gives one character per byte, so text order is byte order.
  payload: ({ packet: { payload } }) => (typeof payload === 'string' ? Buffer.from(payload) : (payload ?? Buffer.alloc(0))).toString('latin1', 0, PAYLOAD_ORDER_BYTES),
  payloadSize: (message) => payloadBytes(message.packet.payload),
  // The contract's createdTime is when this message was stored (TBMQ's meaning): the store's updatedTime.
  createdTime: (message) => message.updatedTime,
  userPropertiesCount,
};

export function rowOf(message: StoredRetainedMessage, property: RetainedMessageSortProperty): RetainedRow {
  const { packet } = message;
  return {
    key: KEYS[property](message),
    topic: packet.topic ?? '',
    qos: packet.qos ?? 0,
    updatedTime: message.updatedTime,
    expiresAt: packet.messageExpiry ?? Infinity,
    lowerCaseTopic: undefined,
    lowerCasePayload: undefined,
    message,
  };
}

/** Ascending by the key, then by topic: no two messages compare equal, so pages never overlap. */
export function compareRows(a: RetainedRow, b: RetainedRow): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0;
}

interface Order {
  rows: RetainedRow[];
  /** The row each topic holds in `rows`. */
  members: Map<string, RetainedRow>;
  version: number;
}

/**
 * Up to this many changed topics are moved one by one (two binary searches each); more than that,
 * and sorting the whole, nearly ordered list again is cheaper.
 */
const STEPWISE_LIMIT = 64;

/**
 * Every retained message in ascending order of one property, ties by topic, kept between requests
 * so that a page costs one walk instead of a sort of 100,000 messages. When messages were stored or
 * deleted since, the few changed topics are taken out and put back in their place; after many
 * changes the list is sorted again (nearly in order, which V8's TimSort finishes quickly). Rows of
 * messages that expired since stay until the next change of their topic: readers skip them.
 */
export class RetainedOrders {
  readonly #orders = new Map<RetainedMessageSortProperty, Order>();

  constructor(private readonly retained: RetainedView) {}

  ascending(property: RetainedMessageSortProperty): RetainedRow[] {
    let order = this.#orders.get(property);
    if (!order) {
      order = { rows: [], members: new Map(), version: -1 };
      this.#orders.set(property, order);
    }
    const version = this.retained.version;
    if (order.version !== version) {
      const changed = order.version < 0 ? undefined : this.retained.changedSince(order.version);
      const topics = changed && new Set(changed);
      if (topics !== undefined && topics.size <= STEPWISE_LIMIT) this.#moveChanged(order, topics, property);
      else this.#rebuild(order, property);
      order.version = version;
    }
    return order.rows;
  }

  #moveChanged(order: Order, topics: Set<string>, property: RetainedMessageSortProperty): void {
    const now = Date.now();
    for (const topic of topics) {
      const held = order.members.get(topic);
      if (held) {
        order.rows.splice(insertionPoint(order.rows, held), 1);
        order.members.delete(topic);
      }
      const current = this.retained.get(topic, now);
      if (!current) continue;
      const row = rowOf(current, property);
      order.rows.splice(insertionPoint(order.rows, row), 0, row);
      order.members.set(topic, row);
    }
  }

  /** Fresh rows of every message, those still present first in their last order, new ones after; then sorted. */
  #rebuild(order: Order, property: RetainedMessageSortProperty): void {
    const now = Date.now();
    const rows: RetainedRow[] = [];
    const members = new Map<string, RetainedRow>();
    const keep = (message: StoredRetainedMessage) => {
      const row = rowOf(message, property);
      rows.push(row);
      members.set(row.topic, row);
    };
    for (const held of order.rows) {
      const current = this.retained.get(held.topic, now);
      if (current && !members.has(held.topic)) keep(current);
    }
    for (const message of this.retained.all(now)) if (!members.has(message.packet.topic ?? '')) keep(message);
    rows.sort(compareRows);
    order.rows = rows;
    order.members = members;
  }
}

/** The first index whose row does not sort before `row`: where it is, or where it belongs. */
function insertionPoint(rows: RetainedRow[], row: RetainedRow): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRows(rows[middle] as RetainedRow, row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
