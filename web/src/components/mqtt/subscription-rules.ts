import type { MessageDescriptor } from 'react-intl';
import { isSharedTopicFilter, isValidTopicFilter } from './topic-filter';

/** MQTT 5 section 3.8.2.1.2: a subscription identifier is a variable byte integer from 1 up. */
export const MAX_SUBSCRIPTION_ID = 268_435_455;

/**
 * What is wrong with a subscription's topic filter, the broker's check in advance: missing,
 * malformed, or already one of the client's other subscriptions (one subscription per filter).
 */
export function topicFilterError(topicFilter: string, otherTopicFilters: readonly string[]): MessageDescriptor | undefined {
  const trimmed = topicFilter.trim();
  if (trimmed === '') return { id: 'subscription.topic-filter-required' };
  if (!isValidTopicFilter(trimmed)) return { id: 'subscription.topic-filter-invalid' };
  if (otherTopicFilters.includes(trimmed)) return { id: 'subscription.topic-filter-duplicate' };
  return undefined;
}

/** MQTT 5 section 3.8.3.1: No Local on a shared subscription is a protocol error. */
export function noLocalError(topicFilter: string, noLocal: boolean): MessageDescriptor | undefined {
  return noLocal && isSharedTopicFilter(topicFilter.trim()) ? { id: 'subscription.no-local-shared' } : undefined;
}

/** A subscription identifier as typed: empty for none, else a whole number from 1 to the maximum. */
export function subscriptionIdError(text: string): MessageDescriptor | undefined {
  const id = text.trim();
  if (id === '' || (/^\d+$/.test(id) && Number(id) >= 1 && Number(id) <= MAX_SUBSCRIPTION_ID)) return undefined;
  return { id: 'subscription.subscription-id-invalid' };
}
