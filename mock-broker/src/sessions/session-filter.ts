import { ApiError } from '../http/api-error.js';
import { FLAG_COMBINATIONS, SESSION_FLAGS, type SessionTable } from '../mqtt/sessions/session-table.js';
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

/**
 * Clears the marks of the slots one filter refuses (marks: a byte per slot of the registry's table,
 * 1 while every filter so far matched). Each filter is its own plain loop over a typed-array column:
 * a million sessions cost about a millisecond per filter, where a chain of predicates called per
 * session cost more than the 50 ms the list may take.
 */
type Narrow = (marks: Uint8Array) => void;

/** Keeps the slots whose small index (flags, a node id) was decided 1. */
function lookedUp(decided: Uint8Array, column: () => Uint8Array | Uint16Array): Narrow {
  return (marks) => {
    const indices = column();
    for (let slot = 0; slot < marks.length; slot += 1) marks[slot] = (marks[slot] ?? 0) & (decided[indices[slot] ?? 0] ?? 0);
  };
}

/** A list filter on a column of small indices (node ids): decided once per value, then looked up per slot. */
function inFewValues(values: string[] | undefined, count: number, column: () => Uint8Array | Uint16Array, valueOf: (index: number) => string): Narrow | undefined {
  if (!values) return undefined;
  const allowed = new Set(values);
  const decided = new Uint8Array(count);
  for (let index = 0; index < count; index += 1) decided[index] = allowed.has(valueOf(index)) ? 1 : 0;
  return lookedUp(decided, column);
}

/** TBMQ's count operations as a range of counts, or all counts but one (NOT_EQUAL). */
function countRange(operation: CountOperation, expected: number): { low: number; high: number; outside: boolean } {
  switch (operation) {
    case 'EQUAL':
      return { low: expected, high: expected, outside: false };
    case 'NOT_EQUAL':
      return { low: expected, high: expected, outside: true };
    case 'GREATER':
      return { low: expected + 1, high: Infinity, outside: false };
    case 'GREATER_OR_EQUAL':
      return { low: expected, high: Infinity, outside: false };
    case 'LESS':
      return { low: -Infinity, high: expected - 1, outside: false };
    case 'LESS_OR_EQUAL':
      return { low: -Infinity, high: expected, outside: false };
  }
}

/** Values of a column within [low, high] (or outside it); NaN (no time: a connected session's disconnection) never matches. */
function inColumnRange(column: () => Float64Array | Uint32Array, low: number, high: number, outside = false): Narrow {
  return (marks) => {
    const values = column();
    for (let slot = 0; slot < marks.length; slot += 1) {
      if (marks[slot] === 0) continue;
      const value = values[slot] ?? Number.NaN;
      if (value >= low && value <= high ? outside : !outside || Number.isNaN(value)) marks[slot] = 0;
    }
  };
}

function timeRange(from: number | undefined, to: number | undefined, column: () => Float64Array): Narrow | undefined {
  if (from === undefined && to === undefined) return undefined;
  return inColumnRange(column, from ?? -Infinity, to ?? Infinity);
}

function subscriptionCheck(parameters: SessionFilterParameters, table: SessionTable): Narrow | undefined {
  const { subscriptions: expected, subscriptionOperation: operation } = parameters;
  if (operation !== undefined && expected === undefined) {
    throw ApiError.badRequest('Invalid request: query.subscriptionOperation needs query.subscriptions');
  }
  if (expected === undefined) return undefined;
  const { low, high, outside } = countRange(operation ?? 'EQUAL', expected);
  return inColumnRange(() => table.subscriptionsCount, low, high, outside);
}

/** Keeps the slots another mark set has (a search's, the queued sessions'). */
function alsoMarked(other: Uint8Array): Narrow {
  return (marks) => {
    for (let slot = 0; slot < marks.length; slot += 1) marks[slot] = (marks[slot] ?? 0) & (other[slot] ?? 0);
  };
}

function eachMarked(test: (slot: number) => boolean): Narrow {
  return (marks) => {
    for (let slot = 0; slot < marks.length; slot += 1) if (marks[slot] === 1 && !test(slot)) marks[slot] = 0;
  };
}

/**
 * Addresses are matched host by host (then the port where the host does not match): a million
 * sessions from a few hosts cost a few text matches, not a million.
 */
function addressCheck(text: string | undefined, table: SessionTable): Narrow | undefined {
  const matches = containsIgnoringCase(text);
  if (!matches || text === undefined) return undefined;
  // Without a colon the text lies within the host or within the port; with one it may span both.
  const spansPort = text.includes(':');
  return (marks) => {
    const hosts = table.hosts.values;
    const hostMatches = new Uint8Array(hosts.length);
    for (let host = 0; host < hosts.length; host += 1) hostMatches[host] = matches(hosts[host] ?? '') ? 1 : 0;
    const { hostIndex, port } = table;
    for (let slot = 0; slot < marks.length; slot += 1) {
      if (marks[slot] === 0 || hostMatches[hostIndex[slot] ?? 0] === 1) continue;
      const portNumber = port[slot] ?? 0;
      const matched = portNumber > 0 && (spansPort ? matches(table.clientIpAdr(slot)) : matches(String(portNumber - 1)));
      if (!matched) marks[slot] = 0;
    }
  };
}

/** Client ids containing a text: marked by the search when it can, else tested one by one. */
function clientIdCheck(text: string | undefined, table: SessionTable, search: ClientIdSearch | undefined): Narrow | undefined {
  const wanted = text?.trim();
  const found = wanted ? search?.matching(wanted) : undefined;
  if (found) return alsoMarked(found);
  const matches = containsIgnoringCase(text);
  return matches && eachMarked((slot) => matches(table.clientIds[slot] ?? ''));
}

/** The few sessions with messages waiting, marked once, instead of a queue look-up per session. */
function queuedCheck(minimum: number | undefined, facts: SessionFacts, table: SessionTable): Narrow | undefined {
  if (minimum === undefined || minimum <= 0) return undefined;
  const queued = new Uint8Array(table.end);
  for (const clientId of facts.clientsWithQueuedMessages()) {
    const slot = table.slotOf.get(clientId);
    if (slot !== undefined && facts.queuedMessages(clientId) >= minimum) queued[slot] = 1;
  }
  return alsoMarked(queued);
}

/** The list filters on a slot's flags, each naming the value a combination of flags has. */
const FLAG_LISTS: readonly (readonly ['connectedStatusList' | 'clientTypeList' | 'cleanStartList', (flags: number) => string])[] = [
  ['connectedStatusList', (flags) => ((flags & SESSION_FLAGS.connected) !== 0 ? 'CONNECTED' : 'DISCONNECTED')],
  ['clientTypeList', (flags) => ((flags & SESSION_FLAGS.application) !== 0 ? 'APPLICATION' : 'DEVICE')],
  ['cleanStartList', (flags) => String((flags & SESSION_FLAGS.cleanStart) !== 0)],
];

/**
 * Connection states, client types and clean start values together: decided once for each of the
 * few combinations of flags, then one pass over the slots for all three lists.
 */
function flagCheck(parameters: SessionFilterParameters, table: SessionTable): Narrow | undefined {
  const wanted = FLAG_LISTS.flatMap(([name, valueOf]) => {
    const values = commaList(parameters[name]);
    return values ? [{ values: new Set(values), valueOf }] : [];
  });
  if (wanted.length === 0) return undefined;
  const decided = new Uint8Array(FLAG_COMBINATIONS);
  for (let flags = 0; flags < FLAG_COMBINATIONS; flags += 1) decided[flags] = wanted.every(({ values, valueOf }) => values.has(valueOf(flags))) ? 1 : 0;
  return lookedUp(decided, () => table.flags);
}

/**
 * The sessions list filter (spec section 3 plus the contract's extra filters) as a mark per slot of
 * the registry's table (1: a session every given parameter matches; free slots 0), or undefined
 * when nothing filters.
 */
export function sessionMarks(parameters: SessionFilterParameters, facts: SessionFacts, table: SessionTable, search?: ClientIdSearch): Uint8Array | undefined {
  const filters = [
    queuedCheck(parameters.queuedMessagesMin, facts, table),
    clientIdCheck(parameters.textSearch, table, search),
    clientIdCheck(parameters.clientId, table, search),
    flagCheck(parameters, table),
    inFewValues(commaList(parameters.nodeIdList), table.nodes.values.length, () => table.nodeIndex, (index) => table.nodes.values[index] ?? ''),
    subscriptionCheck(parameters, table),
    timeRange(parameters.startTime, parameters.endTime, () => table.connectedAt),
    timeRange(parameters.disconnectedStartTime, parameters.disconnectedEndTime, () => table.disconnectedAt),
    addressCheck(parameters.clientIpAddress, table),
  ].filter((filter): filter is Narrow => filter !== undefined);
  if (filters.length === 0) return undefined;
  const marks = table.occupied.slice(0, table.end);
  for (const narrow of filters) narrow(marks);
  return marks;
}
