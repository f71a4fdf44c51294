import { payloadBytes } from '../mqtt/persistence/retained-messages.js';
import type { StoredRetainedMessage } from '../mqtt/persistence/retained-view.js';
import { userPropertiesCount } from './retained-message-views.js';

export type RetainedMessageSortProperty = 'topic' | 'qos' | 'payload' | 'payloadSize' | 'createdTime' | 'updatedTime' | 'userPropertiesCount';

/** A message with the key it sorts by, worked out once per request rather than in every comparison. */
export interface SortedRetainedMessage {
  key: number | string | Buffer;
  topic: string;
  message: StoredRetainedMessage;
}

const KEYS: Record<RetainedMessageSortProperty, (message: StoredRetainedMessage) => number | string | Buffer> = {
  // The topic is the tie-break of every order: as its own key it adds nothing.
  topic: () => 0,
  qos: (message) => message.packet.qos ?? 0,
  payload: ({ packet: { payload } }) => (typeof payload === 'string' ? Buffer.from(payload) : (payload ?? Buffer.alloc(0))),
  payloadSize: (message) => payloadBytes(message.packet.payload),
  createdTime: (message) => message.createdTime,
  updatedTime: (message) => message.updatedTime,
  userPropertiesCount,
};

export function withSortKeys(messages: Iterable<StoredRetainedMessage>, property: RetainedMessageSortProperty): SortedRetainedMessage[] {
  const keyOf = KEYS[property];
  const sorted: SortedRetainedMessage[] = [];
  for (const message of messages) sorted.push({ key: keyOf(message), topic: message.packet.topic ?? '', message });
  return sorted;
}

function compareKeys(a: number | string | Buffer, b: number | string | Buffer): number {
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return Buffer.compare(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order of the list: by the key, then by topic, so that no two messages compare equal and pages never overlap. */
export function retainedOrder(order: 'ASC' | 'DESC'): (a: SortedRetainedMessage, b: SortedRetainedMessage) => number {
  const direction = order === 'ASC' ? 1 : -1;
  return (a, b) => direction * (compareKeys(a.key, b.key) || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
}
