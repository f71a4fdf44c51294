import type { GetAllSubscriptionsParams } from '../../api/generated/model/getAllSubscriptionsParams';

/** QoS levels and Retain Handling values: 0, 1, 2. */
export type Level = 0 | 1 | 2;
export const LEVELS = [0, 1, 2] as const satisfies readonly Level[];
export const FLAGS = [true, false] as const;

/**
 * The subscriptions page's filter (TBMQ 2.3's "all subscriptions" filter): part of the topic filter,
 * QoS levels, subscription option values and a subscription identifier. Nothing chosen in a list
 * means no restriction; the client id is the page's search box.
 */
export interface SubscriptionFilter {
  topicFilter: string;
  qosList: Level[];
  noLocalList: boolean[];
  retainAsPublishList: boolean[];
  retainHandlingList: Level[];
  /** As typed; empty for any. */
  subscriptionId: string;
}

export const EMPTY_SUBSCRIPTION_FILTER: SubscriptionFilter = {
  topicFilter: '',
  qosList: [],
  noLocalList: [],
  retainAsPublishList: [],
  retainHandlingList: [],
  subscriptionId: '',
};

export type SubscriptionFilterParams = Pick<GetAllSubscriptionsParams, 'topicFilter' | 'qosList' | 'noLocalList' | 'retainAsPublishList' | 'retainHandlingList' | 'subscriptionId'>;

/** MQTT 5 subscription identifiers: 1 to 268435455 (section 3.8.2.1.2). */
const MAX_SUBSCRIPTION_ID = 268_435_455;

/** Whether the typed identifier can be asked for: empty (any) or a whole number in MQTT's range. */
export function isValidSubscriptionId(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || (/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= MAX_SUBSCRIPTION_ID);
}

/** The filter as the call's parameters (TBMQ's names): empty parts left out, lists comma-joined. */
export function subscriptionFilterParams(filter: SubscriptionFilter): SubscriptionFilterParams {
  const list = (values: readonly (number | boolean)[]) => (values.length > 0 ? values.join(',') : undefined);
  const subscriptionId = filter.subscriptionId.trim();
  const params: SubscriptionFilterParams = {
    topicFilter: filter.topicFilter.trim() || undefined,
    qosList: list(filter.qosList),
    noLocalList: list(filter.noLocalList),
    retainAsPublishList: list(filter.retainAsPublishList),
    retainHandlingList: list(filter.retainHandlingList),
    subscriptionId: subscriptionId !== '' && isValidSubscriptionId(subscriptionId) ? Number(subscriptionId) : undefined,
  };
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as SubscriptionFilterParams;
}

/** How many parts of the filter panel are in use. */
export function activeSubscriptionFilterCount(filter: SubscriptionFilter): number {
  return Object.keys(subscriptionFilterParams(filter)).length;
}
