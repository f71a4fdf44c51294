import { ApiError } from '../http/api-error.js';
import type { SessionTable } from '../mqtt/session-table.js';
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

/** Whether the session in a slot of the registry's table matches. */
type Check = (slot: number) => boolean;

function inList<T>(values: T[] | undefined, read: (slot: number) => T): Check | undefined {
  if (!values) return undefined;
  const allowed = new Set(values);
  return (slot) => allowed.has(read(slot));
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
function inRange(from: number | undefined, to: number | undefined, column: () => Float64Array): Check | undefined {
  if (from === undefined && to === undefined) return undefined;
  const low = from ?? -Infinity;
  const high = to ?? Infinity;
  return (slot) => {
    const value = column()[slot] ?? Number.NaN;
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
  return (slot) => compare(table.subscriptionsCount[slot] ?? 0, expected);
}

/**
 * Text a filter searches in, kept once per distinct value: addresses are matched host by host
 * (then the port), so a million sessions from a few hosts cost a few matches, not a million.
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

/**
 * One predicate for the sessions list filter (spec section 3 plus the contract's extra filters):
 * every given parameter must match; the checks run in the order cheapest first.
 */
export function sessionMatcher(parameters: SessionFilterParameters, facts: SessionFacts, table: SessionTable, search?: ClientIdSearch): Check {
  const checks = [
    inList(commaList(parameters.connectedStatusList), (slot) => table.connectionState(slot)),
    inList(commaList(parameters.clientTypeList), (slot) => table.clientType(slot)),
    inList(commaList(parameters.cleanStartList), (slot) => String(table.cleanStart(slot))),
    inList(commaList(parameters.nodeIdList), (slot) => table.nodeId(slot)),
    subscriptionCheck(parameters, table),
    inRange(parameters.startTime, parameters.endTime, () => table.connectedAt),
    inRange(parameters.disconnectedStartTime, parameters.disconnectedEndTime, () => table.disconnectedAt),
    queuedCheck(parameters.queuedMessagesMin, facts, table),
    clientIdCheck(parameters.textSearch, table, search),
    clientIdCheck(parameters.clientId, table, search),
    addressCheck(parameters.clientIpAddress, table),
  ].filter((check): check is Check => check !== undefined);
  return (slot) => {
    for (const check of checks) if (!check(slot)) return false;
    return true;
  };
}
