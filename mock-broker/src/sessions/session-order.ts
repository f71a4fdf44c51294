import type { SessionRecord } from '../mqtt/session-registry.js';
import type { Compare } from './page-selection.js';
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

/** A session with the value it is sorted by, read once rather than at every comparison. */
export interface SortedSession {
  key: number | string;
  session: SessionRecord;
}

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

export function sortKeys(sessions: SessionRecord[], property: SessionSortProperty, facts: SessionFacts): SortedSession[] {
  const keyOf = KEYS[property];
  return sessions.map((session) => ({ key: keyOf(session, facts), session }));
}

function ascending(a: SortedSession, b: SortedSession): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  // Client ids are unique: the tie-break makes the order total, so pages never overlap.
  if (a.session.clientId === b.session.clientId) return 0;
  return a.session.clientId < b.session.clientId ? -1 : 1;
}

function descending(a: SortedSession, b: SortedSession): number {
  return ascending(b, a);
}

export function sessionOrder(sortOrder: 'ASC' | 'DESC'): Compare<SortedSession> {
  return sortOrder === 'ASC' ? ascending : descending;
}
