import type { MessageDescriptor } from 'react-intl';
import type { ClientSubscription } from '../../api/generated/model/clientSubscription';
import type { ClientSubscriptionQos } from '../../api/generated/model/clientSubscriptionQos';
import type { SubscriptionOptionsRetainHandling } from '../../api/generated/model/subscriptionOptionsRetainHandling';
import { noLocalError, subscriptionIdError, topicFilterError } from '../../components/mqtt/subscription-rules';

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
  const topicFilter = topicFilterError(values.topicFilter, otherTopicFilters);
  if (topicFilter) errors.topicFilter = topicFilter;
  const noLocal = noLocalError(values.topicFilter, values.noLocal);
  if (noLocal) errors.noLocal = noLocal;
  const subscriptionId = subscriptionIdError(values.subscriptionId);
  if (subscriptionId) errors.subscriptionId = subscriptionId;
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
