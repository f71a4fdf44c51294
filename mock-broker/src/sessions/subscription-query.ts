import type { SessionRecord, SessionSubscription } from '../mqtt/session-registry.js';
import { commaList, containsIgnoringCase } from '../lists/text-match.js';

/** openapi.yaml SubscriptionInfo: a subscription and the session holding it. */
export interface SubscriptionInfo extends SessionSubscription {
  clientId: string;
}

export type SubscriptionSortProperty = 'clientId' | 'topicFilter' | 'qos' | 'noLocal' | 'retainAsPublish' | 'retainHandling' | 'subscriptionId';

/** The filters of the subscriptions-of-all-clients list (openapi.yaml getAllSubscriptions). */
export interface SubscriptionFilterParameters {
  textSearch?: string;
  clientId?: string;
  topicFilter?: string;
  qosList?: string;
  noLocal?: boolean;
  retainAsPublish?: boolean;
  retainHandlingList?: string;
  subscriptionId?: number;
}

type Check = (subscription: SubscriptionInfo) => boolean;

function numberSet(list: string | undefined): Set<number> | undefined {
  const items = commaList(list);
  return items && new Set(items.map(Number));
}

function subscriptionMatcher(parameters: SubscriptionFilterParameters): Check {
  const search = containsIgnoringCase(parameters.textSearch);
  const clientId = containsIgnoringCase(parameters.clientId);
  const topicFilter = containsIgnoringCase(parameters.topicFilter);
  const qos = numberSet(parameters.qosList);
  const retainHandling = numberSet(parameters.retainHandlingList);
  const { noLocal, retainAsPublish, subscriptionId } = parameters;
  const checks: (Check | undefined)[] = [
    search && ((entry) => search(entry.clientId) || search(entry.topicFilter)),
    clientId && ((entry) => clientId(entry.clientId)),
    topicFilter && ((entry) => topicFilter(entry.topicFilter)),
    qos && ((entry) => qos.has(entry.qos)),
    retainHandling && ((entry) => retainHandling.has(entry.options.retainHandling)),
    noLocal === undefined ? undefined : (entry) => entry.options.noLocal === noLocal,
    retainAsPublish === undefined ? undefined : (entry) => entry.options.retainAsPublish === retainAsPublish,
    subscriptionId === undefined ? undefined : (entry) => entry.subscriptionId === subscriptionId,
  ];
  const given = checks.filter((check): check is Check => check !== undefined);
  return (entry) => given.every((check) => check(entry));
}

/** Every subscription of every session that the filter matches. */
export function matchingSubscriptions(sessions: Iterable<SessionRecord>, parameters: SubscriptionFilterParameters): SubscriptionInfo[] {
  const matches = subscriptionMatcher(parameters);
  const found: SubscriptionInfo[] = [];
  for (const session of sessions) {
    for (const subscription of session.subscriptions) {
      const entry = { ...subscription, clientId: session.clientId };
      if (matches(entry)) found.push(entry);
    }
  }
  return found;
}

function keyOf(entry: SubscriptionInfo, property: SubscriptionSortProperty): number | string {
  if (property === 'clientId' || property === 'topicFilter' || property === 'qos') return entry[property];
  if (property === 'subscriptionId') return entry.subscriptionId ?? 0;
  if (property === 'retainHandling') return entry.options.retainHandling;
  return entry.options[property] ? 1 : 0;
}

/** Ordered by the property, then client id and topic filter, which together are unique. */
export function subscriptionOrder(property: SubscriptionSortProperty, sortOrder: 'ASC' | 'DESC') {
  const direction = sortOrder === 'ASC' ? 1 : -1;
  return (a: SubscriptionInfo, b: SubscriptionInfo): number => {
    for (const key of [property, 'clientId', 'topicFilter'] as const) {
      const left = keyOf(a, key);
      const right = keyOf(b, key);
      if (left !== right) return (left < right ? -1 : 1) * direction;
    }
    return 0;
  };
}
