import type { SessionRecord, SessionSubscription } from '../mqtt/sessions/session-registry.js';
import { commaList, containsIgnoringCase } from '../lists/text-match.js';

/** A subscription and the session holding it, as the filter and order read it. */
export interface SubscriptionEntry extends SessionSubscription {
  clientId: string;
}

export type SubscriptionSortProperty = 'clientId' | 'topicFilter' | 'qos' | 'noLocal' | 'retainAsPublish' | 'retainHandling' | 'subscriptionId';

/** The filters of the subscriptions-of-all-clients list (openapi.yaml getAllSubscriptions). */
export interface SubscriptionFilterParameters {
  textSearch?: string;
  clientId?: string;
  topicFilter?: string;
  qosList?: string;
  noLocalList?: string;
  retainAsPublishList?: string;
  retainHandlingList?: string;
  subscriptionId?: number;
}

type Check = (subscription: SubscriptionEntry) => boolean;

function numberSet(list: string | undefined): Set<number> | undefined {
  const items = commaList(list);
  return items && new Set(items.map(Number));
}

/** TBMQ's flag lists: one flag filters; both, like none, let every subscription through. */
function flagOf(list: string | undefined): boolean | undefined {
  const flags = new Set(commaList(list));
  return flags.size === 1 ? flags.has('true') : undefined;
}

function subscriptionMatcher(parameters: SubscriptionFilterParameters): Check {
  const search = containsIgnoringCase(parameters.textSearch);
  const clientId = containsIgnoringCase(parameters.clientId);
  const topicFilter = containsIgnoringCase(parameters.topicFilter);
  const qos = numberSet(parameters.qosList);
  const retainHandling = numberSet(parameters.retainHandlingList);
  const noLocal = flagOf(parameters.noLocalList);
  const retainAsPublish = flagOf(parameters.retainAsPublishList);
  const { subscriptionId } = parameters;
  const checks: (Check | undefined)[] = [
    search && ((entry) => search(entry.clientId)),
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
export function matchingSubscriptions(sessions: Iterable<SessionRecord>, parameters: SubscriptionFilterParameters): SubscriptionEntry[] {
  const matches = subscriptionMatcher(parameters);
  const found: SubscriptionEntry[] = [];
  for (const session of sessions) {
    for (const subscription of session.subscriptions) {
      const entry = { ...subscription, clientId: session.clientId };
      if (matches(entry)) found.push(entry);
    }
  }
  return found;
}

function keyOf(entry: SubscriptionEntry, property: SubscriptionSortProperty): number | string {
  if (property === 'clientId' || property === 'topicFilter' || property === 'qos') return entry[property];
  if (property === 'subscriptionId') return entry.subscriptionId ?? 0;
  if (property === 'retainHandling') return entry.options.retainHandling;
  return entry.options[property] ? 1 : 0;
}

/** Ordered by the property, then client id and topic filter, which together are unique. */
export function subscriptionOrder(property: SubscriptionSortProperty, sortOrder: 'ASC' | 'DESC') {
  const direction = sortOrder === 'ASC' ? 1 : -1;
  return (a: SubscriptionEntry, b: SubscriptionEntry): number => {
    for (const key of [property, 'clientId', 'topicFilter'] as const) {
      const left = keyOf(a, key);
      const right = keyOf(b, key);
      if (left !== right) return (left < right ? -1 : 1) * direction;
    }
    return 0;
  };
}
