import type { MessageDescriptor } from 'react-intl';
import type { ClientSubscription } from '../../api/generated/model/clientSubscription';
import type { ClientSubscriptionQos } from '../../api/generated/model/clientSubscriptionQos';
import type { SubscriptionOptionsRetainHandling } from '../../api/generated/model/subscriptionOptionsRetainHandling';
import { isSharedTopicFilter, isValidTopicFilter } from '../../components/mqtt/topic-filter';

/** MQTT 5 section 3.8.2.1.2: a subscription identifier is a variable byte integer from 1 up. */
export const MAX_SUBSCRIPTION_ID = 268_435_455;

export interface SubscriptionFormValues {
  topicFilter: string;
  qos: ClientSubscriptionQos;
  noLocal: boolean;
  retainAsPublish: boolean;
  retainHandling: SubscriptionOptionsRetainHandling;
  /** As typed; empty for none. */
  subscriptionId: string;
}

export type SubscriptionFormField = 'topicFilter' | 'noLocal' | 'subscriptionId';
export type SubscriptionFormErrors = Partial<Record<SubscriptionFormField, MessageDescriptor>>;

export const EMPTY_SUBSCRIPTION_FORM: SubscriptionFormValues = {
  topicFilter: '',
  qos: 1,
  noLocal: false,
  retainAsPublish: false,
  retainHandling: 0,
  subscriptionId: '',
};

export function subscriptionFormValuesOf(subscription: ClientSubscription): SubscriptionFormValues {
  return {
    topicFilter: subscription.topicFilter,
    qos: subscription.qos,
    ...subscription.options,
    subscriptionId: subscription.subscriptionId === undefined ? '' : String(subscription.subscriptionId),
  };
}

/**
 * Checks one subscription of the editor before it joins the list; `otherTopicFilters` are the
 * list's other subscriptions, since a session holds one subscription per topic filter.
 */
export function validateSubscriptionForm(values: SubscriptionFormValues, otherTopicFilters: readonly string[]): SubscriptionFormErrors {
  const errors: SubscriptionFormErrors = {};
  const topicFilter = values.topicFilter.trim();
  if (topicFilter === '') errors.topicFilter = { id: 'subscription.topic-filter-required' };
  else if (!isValidTopicFilter(topicFilter)) errors.topicFilter = { id: 'subscription.topic-filter-invalid' };
  else if (otherTopicFilters.includes(topicFilter)) errors.topicFilter = { id: 'subscription.topic-filter-duplicate' };
  // MQTT 5 section 3.8.3.1: No Local on a shared subscription is a protocol error.
  if (values.noLocal && isSharedTopicFilter(topicFilter)) errors.noLocal = { id: 'subscription.no-local-shared' };
  const id = values.subscriptionId.trim();
  if (id !== '' && (!/^\d+$/.test(id) || Number(id) < 1 || Number(id) > MAX_SUBSCRIPTION_ID)) {
    errors.subscriptionId = { id: 'subscription.subscription-id-invalid' };
  }
  return errors;
}

/** The subscription as the API takes it: trimmed, the identifier left out when there is none. */
export function subscriptionOf(values: SubscriptionFormValues): ClientSubscription {
  const subscription: ClientSubscription = {
    topicFilter: values.topicFilter.trim(),
    qos: values.qos,
    options: { noLocal: values.noLocal, retainAsPublish: values.retainAsPublish, retainHandling: values.retainHandling },
  };
  const id = values.subscriptionId.trim();
  return id === '' ? subscription : { ...subscription, subscriptionId: Number(id) };
}
