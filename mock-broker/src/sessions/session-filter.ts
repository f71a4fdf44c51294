import { ApiError } from '../http/api-error.js';
import type { SessionRow } from './session-order.js';
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

type Check = (session: SessionRow) => boolean;

function inList<T>(values: T[] | undefined, read: (session: SessionRow) => T): Check | undefined {
  if (!values) return undefined;
  const allowed = new Set(values);
  return (session) => allowed.has(read(session));
}

const COMPARISONS: Record<CountOperation, (count: number, expected: number) => boolean> = {
  EQUAL: (count, expected) => count === expected,
  NOT_EQUAL: (count, expected) => count !== expected,
  GREATER: (count, expected) => count > expected,
  LESS: (count, expected) => count < expected,
  GREATER_OR_EQUAL: (count, expected) => count >= expected,
  LESS_OR_EQUAL: (count, expected) => count <= expected,
};

function inRange(from: number | undefined, to: number | undefined, read: (session: SessionRow) => number | null): Check | undefined {
  if (from === undefined && to === undefined) return undefined;
  return (session) => {
    const value = read(session);
    return value !== null && (from === undefined || value >= from) && (to === undefined || value <= to);
  };
}

function subscriptionCheck(parameters: SessionFilterParameters): Check | undefined {
  const { subscriptions: expected, subscriptionOperation: operation } = parameters;
  if (operation !== undefined && expected === undefined) {
    throw ApiError.badRequest('Invalid request: query.subscriptionOperation needs query.subscriptions');
  }
  if (expected === undefined) return undefined;
  const compare = COMPARISONS[operation ?? 'EQUAL'];
  return (session) => compare(session.subscriptionsCount, expected);
}

/**
 * One predicate for the sessions list filter (spec section 3 plus the contract's extra filters):
 * every given parameter must match; the checks run in the order cheapest first.
 */
export function sessionMatcher(parameters: SessionFilterParameters, facts: SessionFacts): Check {
  const clientIdMatchers = [containsIgnoringCase(parameters.textSearch), containsIgnoringCase(parameters.clientId)];
  const addressMatches = containsIgnoringCase(parameters.clientIpAddress);
  const { queuedMessagesMin } = parameters;
  const checks = [
    inList(commaList(parameters.connectedStatusList), (session) => session.connectionState),
    inList(commaList(parameters.clientTypeList), (session) => session.clientType),
    inList(commaList(parameters.cleanStartList), (session) => String(session.cleanStart)),
    inList(commaList(parameters.nodeIdList), (session) => session.nodeId),
    subscriptionCheck(parameters),
    inRange(parameters.startTime, parameters.endTime, (session) => session.connectedAt),
    inRange(parameters.disconnectedStartTime, parameters.disconnectedEndTime, (session) => session.disconnectedAt),
    ...clientIdMatchers.map((matches) => matches && ((session: SessionRow) => matches(session.clientId))),
    addressMatches && ((session: SessionRow) => addressMatches(session.clientIpAdr)),
    queuedMessagesMin === undefined || queuedMessagesMin === 0 ? undefined : (session: SessionRow) => facts.queuedMessages(session.clientId) >= queuedMessagesMin,
  ].filter((check): check is Check => check !== undefined);
  return (session) => {
    for (const check of checks) if (!check(session)) return false;
    return true;
  };
}
