import { ApiError } from '../http/api-error.js';
import { FLAG_COMBINATIONS, SESSION_FLAGS, type SessionTable } from '../mqtt/session-table.js';
import type { ClientIdSearch } from './client-id-search.js';
import { commaList, containsIgnoringCase } from '../lists/text-match.js';

/** TBMQ's SubscriptionOperation. */
export type CountOperation = 'EQUAL' | 'NOT_EQUAL' | 'GREATER' | 'LESS' | 'GREATER_OR_EQUAL' | 'LESS_OR_EQUAL';

/** The sessions list's filter parameters as the contract validated them (openapi.yaml, getClientSessions). */
export interface SessionFilterParameters {
  textSearch?: string;
  connectedStatusList?: string;
  clientTypeList?: string;
  cleanStartList?: string;
  nodeIdList?: string;
  clientId?: string;
  /** A number of subscriptions, compared by subscriptionOperation (TBMQ's names). */
  subscriptions?: number;
  subscriptionOperation?: CountOperation;
  clientIpAddress?: string;
  queuedMessagesMin?: number;
  startTime?: number;
  endTime?: number;
  disconnectedStartTime?: number;
  disconnectedEndTime?: number;
}

/** What a check needs to know of a session beyond its record. */
export interface SessionFacts {
  queuedMessages(clientId: string): number;
  clientsWithQueuedMessages(): Iterable<string>;
}

/** Whether the session in a slot of the registry's table matches one filter. */
type Check = (slot: number) => boolean;

/**
 * Clears the marks of the slots a filter refuses: one pass per filter over the table's columns,
 * skipping slots an earlier filter cleared. A million sessions cost a few milliseconds per filter,
 * where a predicate chain per session cost more than the 50 ms the list may take.
 */
function narrow(marks: Uint8Array, keep: Check): void {
  for (let slot = 0; slot < marks.length; slot += 1) if (marks[slot] === 1 && !keep(slot)) marks[slot] = 0;
}

/** A list filter on a property with few values: decided once per value, then looked up per slot. */
function inFewValues(values: string[] | undefined, count: number, indexOf: (slot: number) => number, valueOf: (index: number) => string): Check | undefined {
  if (!values) return undefined;
  const allowed = new Set(values);
  const decided = new Uint8Array(count);
  for (let index = 0; index < count; index += 1) decided[index] = allowed.has(valueOf(index)) ? 1 : 0;
  return (slot) => decided[indexOf(slot)] === 1;
}

const COMPARISONS: Record<CountOperation, (count: number, expected: number) => boolean> = {
  EQUAL: (count, expected) => count === expected,
  NOT_EQUAL: (count, expected) => count !== expected,
  GREATER: (count, expected) => count > expected,
  LESS: (count, expected) => count < expected,
  GREATER_OR_EQUAL: (count, expected) => count >= expected,
  LESS_OR_EQUAL: (count, expected) => count <= expected,
};

/** A range of a time column; NaN (no time: connected, for the disconnection time) never matches. */
function inRange(from: number | undefined, to: number | undefined, column: Float64Array): Check | undefined {
  if (from === undefined && to === undefined) return undefined;
  const low = from ?? -Infinity;
  const high = to ?? Infinity;
  return (slot) => {
    const value = column[slot] ?? Number.NaN;
    return value >= low && value <= high;
  };
}

function subscriptionCheck(parameters: SessionFilterParameters, table: SessionTable): Check | undefined {
  const { subscriptions: expected, subscriptionOperation: operation } = parameters;
  if (operation !== undefined && expected === undefined) {
    throw ApiError.badRequest('Invalid request: query.subscriptionOperation needs query.subscriptions');
  }
  if (expected === undefined) return undefined;
  const compare = COMPARISONS[operation ?? 'EQUAL'];
  const counts = table.subscriptionsCount;
  return (slot) => compare(counts[slot] ?? 0, expected);
}

/**
 * Addresses are matched host by host (then the port): a million sessions from a few hosts cost a
 * few text matches, not a million.
 */
function addressCheck(text: string | undefined, table: SessionTable): Check | undefined {
  const matches = containsIgnoringCase(text);
  if (!matches || text === undefined) return undefined;
  // Without a colon the text lies within the host or within the port; with one it may span both.
  const spansPort = text.includes(':');
  const byHost = new Map<number, boolean>();
  return (slot) => {
    const host = table.hostIndex[slot] ?? 0;
    let hostMatches = byHost.get(host);
    if (hostMatches === undefined) {
      hostMatches = matches(table.hosts.values[host] ?? '');
      byHost.set(host, hostMatches);
    }
    const port = table.port[slot] ?? 0;
    if (hostMatches || port === 0) return hostMatches;
    return spansPort ? matches(table.clientIpAdr(slot)) : matches(String(port - 1));
  };
}

/** Client ids containing a text: marked per slot by the search when it can, else tested one by one. */
function clientIdCheck(text: string | undefined, table: SessionTable, search: ClientIdSearch | undefined): Check | undefined {
  const wanted = text?.trim();
  const marks = wanted ? search?.matching(wanted) : undefined;
  if (marks) return (slot) => marks[slot] === 1;
  const matches = containsIgnoringCase(text);
  return matches && ((slot) => matches(table.clientIds[slot] ?? ''));
}

/** The few sessions with messages waiting, marked once, instead of a queue look-up per session. */
function queuedCheck(minimum: number | undefined, facts: SessionFacts, table: SessionTable): Check | undefined {
  if (minimum === undefined || minimum <= 0) return undefined;
  const marks = new Uint8Array(table.end);
  for (const clientId of facts.clientsWithQueuedMessages()) {
    const slot = table.slotOf.get(clientId);
    if (slot !== undefined && facts.queuedMessages(clientId) >= minimum) marks[slot] = 1;
  }
  return (slot) => marks[slot] === 1;
}

/** A list of connection states, client types or clean start values: decided per combination of a slot's flags. */
function flagCheck(values: string[] | undefined, table: SessionTable, valueOf: (flags: number) => string): Check | undefined {
  return inFewValues(values, FLAG_COMBINATIONS, (slot) => table.flags[slot] ?? 0, valueOf);
}

/**
 * The sessions list filter (spec section 3 plus the contract's extra filters) as a mark per slot of
 * the registry's table (1: every given parameter matches), or undefined when nothing filters. The
 * marks of free slots mean nothing: callers walk the list's orders, which hold none.
 */
export function sessionMarks(parameters: SessionFilterParameters, facts: SessionFacts, table: SessionTable, search?: ClientIdSearch): Uint8Array | undefined {
  const checks = [
    queuedCheck(parameters.queuedMessagesMin, facts, table),
    clientIdCheck(parameters.textSearch, table, search),
    clientIdCheck(parameters.clientId, table, search),
    flagCheck(commaList(parameters.connectedStatusList), table, (flags) => ((flags & SESSION_FLAGS.connected) !== 0 ? 'CONNECTED' : 'DISCONNECTED')),
    flagCheck(commaList(parameters.clientTypeList), table, (flags) => ((flags & SESSION_FLAGS.application) !== 0 ? 'APPLICATION' : 'DEVICE')),
    flagCheck(commaList(parameters.cleanStartList), table, (flags) => String((flags & SESSION_FLAGS.cleanStart) !== 0)),
    inFewValues(commaList(parameters.nodeIdList), table.nodes.values.length, (slot) => table.nodeIndex[slot] ?? 0, (index) => table.nodes.values[index] ?? ''),
    subscriptionCheck(parameters, table),
    inRange(parameters.startTime, parameters.endTime, table.connectedAt),
    inRange(parameters.disconnectedStartTime, parameters.disconnectedEndTime, table.disconnectedAt),
    addressCheck(parameters.clientIpAddress, table),
  ].filter((check): check is Check => check !== undefined);
  if (checks.length === 0) return undefined;
  const marks = new Uint8Array(table.end).fill(1);
  for (const check of checks) narrow(marks, check);
  return marks;
}
