import type { ClientType } from '../../../api/generated/model/clientType';
import type { ConnectionState } from '../../../api/generated/model/connectionState';
import type { DisconnectFilteredClientSessionsParams } from '../../../api/generated/model/disconnectFilteredClientSessionsParams';
import type { SubscriptionOperationParameter } from '../../../api/generated/model/subscriptionOperationParameter';

// Spec section 3, session list filter: connectedStatusList, clientTypeList, cleanStartList, nodeIdList,
// clientId (also the text search) and subscriptions, plus the broker's further filters (issue 7).
// subscriptions is TBMQ's count compared by subscriptionOperation (the spec's flag is "> 0" or "= 0").
// The filter lives in the URL under the API's own parameter names, so that a link such as
// /sessions?connectedStatusList=CONNECTED (the home page's counters) opens the list filtered.

export const CONNECTION_STATES = ['CONNECTED', 'DISCONNECTED'] as const satisfies readonly ConnectionState[];
export const CLIENT_TYPES = ['DEVICE', 'APPLICATION'] as const satisfies readonly ClientType[];
export const SUBSCRIPTION_OPERATIONS = ['EQUAL', 'NOT_EQUAL', 'GREATER', 'LESS', 'GREATER_OR_EQUAL', 'LESS_OR_EQUAL'] as const satisfies readonly SubscriptionOperationParameter[];

export interface SessionFilter {
  connectedStatusList: ConnectionState[];
  clientTypeList: ClientType[];
  cleanStartList: boolean[];
  nodeIdList: string[];
  /** Part of the client id: the page's search box. */
  clientId: string;
  /** A number of subscriptions, compared with each session's by subscriptionOperation; any when undefined. */
  subscriptions?: number;
  subscriptionOperation: SubscriptionOperationParameter;
  clientIpAddress: string;
  /** Starling's own filters (a production broker ignores them). */
  queuedMessagesMin?: number;
  /** Time ranges, epoch milliseconds. */
  startTime?: number;
  endTime?: number;
  disconnectedStartTime?: number;
  disconnectedEndTime?: number;
}

/**
 * The filter parameters every sessions call takes: the list, and disconnect/remove of the filtered
 * set. The search box is sent as textSearch, which TBMQ takes too (it has no clientId filter).
 */
export type SessionFilterParams = Omit<DisconnectFilteredClientSessionsParams, 'clientId'>;

export const EMPTY_SESSION_FILTER: SessionFilter = {
  connectedStatusList: [],
  clientTypeList: [],
  cleanStartList: [],
  nodeIdList: [],
  clientId: '',
  subscriptionOperation: 'EQUAL',
  clientIpAddress: '',
};

const NUMBER_KEYS = ['subscriptions', 'queuedMessagesMin', 'startTime', 'endTime', 'disconnectedStartTime', 'disconnectedEndTime'] as const;

/** The URL parameters the filter owns; anything else in the URL (e.g. the open session) is left alone. */
export const SESSION_FILTER_KEYS = [
  'connectedStatusList',
  'clientTypeList',
  'cleanStartList',
  'nodeIdList',
  'clientId',
  'subscriptionOperation',
  'clientIpAddress',
  ...NUMBER_KEYS,
] as const;

/** A comma-joined list, keeping only the values allowed (a hand-edited URL must not break the page). */
function listOf<Value extends string>(text: string | null, allowed: readonly Value[]): Value[] {
  const values = (text ?? '').split(',').filter((value): value is Value => (allowed as readonly string[]).includes(value));
  return [...new Set(values)];
}

function wholeNumberOf(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

export function sessionFilterFromSearch(search: URLSearchParams): SessionFilter {
  const numbers = Object.fromEntries(NUMBER_KEYS.map((key) => [key, wholeNumberOf(search.get(key))]));
  const operation = listOf(search.get('subscriptionOperation'), SUBSCRIPTION_OPERATIONS)[0];
  return {
    ...EMPTY_SESSION_FILTER,
    ...numbers,
    connectedStatusList: listOf(search.get('connectedStatusList'), CONNECTION_STATES),
    clientTypeList: listOf(search.get('clientTypeList'), CLIENT_TYPES),
    cleanStartList: listOf(search.get('cleanStartList'), ['true', 'false']).map((flag) => flag === 'true'),
    nodeIdList: [...new Set((search.get('nodeIdList') ?? '').split(',').filter((nodeId) => nodeId !== ''))],
    clientId: search.get('clientId') ?? '',
    subscriptionOperation: operation ?? 'EQUAL',
    clientIpAddress: search.get('clientIpAddress') ?? '',
  };
}

/** The filter as API parameters: empty parts left out, lists comma-joined. */
export function sessionFilterParams(filter: SessionFilter): SessionFilterParams {
  const params: SessionFilterParams = {};
  const list = (values: readonly (string | boolean)[]) => (values.length > 0 ? values.join(',') : undefined);
  params.connectedStatusList = list(filter.connectedStatusList);
  params.clientTypeList = list(filter.clientTypeList);
  params.cleanStartList = list(filter.cleanStartList);
  params.nodeIdList = list(filter.nodeIdList);
  params.textSearch = filter.clientId.trim() || undefined;
  for (const key of NUMBER_KEYS) params[key] = filter[key];
  // The operator means nothing without a count to compare with.
  params.subscriptionOperation = filter.subscriptions !== undefined && filter.subscriptionOperation !== 'EQUAL' ? filter.subscriptionOperation : undefined;
  params.clientIpAddress = filter.clientIpAddress.trim() || undefined;
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as SessionFilterParams;
}

/** Writes the filter into a URL's parameters, replacing what the filter owns and keeping the rest. */
export function withSessionFilter(search: URLSearchParams, filter: SessionFilter): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of SESSION_FILTER_KEYS) next.delete(key);
  // The search shows as the spec's clientId filter in the URL.
  const { textSearch, ...params } = sessionFilterParams(filter);
  if (textSearch !== undefined) next.set('clientId', textSearch);
  for (const [key, value] of Object.entries(params)) next.set(key, String(value));
  return next;
}

/** How many parts of the filter panel are in use (the search box not counted: it shows itself). */
export function activeFilterCount(filter: SessionFilter): number {
  const { textSearch: _search, subscriptionOperation: _operation, ...params } = sessionFilterParams(filter);
  return Object.keys(params).length;
}

/**
 * The filter narrowed to one connection state, or null when the filter already excludes that state:
 * what "disconnect all matching" (connected ones) and "remove all matching" (offline ones) act on.
 */
export function narrowedToState(filter: SessionFilter, state: ConnectionState): SessionFilter | null {
  if (filter.connectedStatusList.length > 0 && !filter.connectedStatusList.includes(state)) return null;
  return { ...filter, connectedStatusList: [state] };
}
