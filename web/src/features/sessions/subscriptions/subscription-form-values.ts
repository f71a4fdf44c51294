import type { MessageDescriptor } from 'react-intl';
import type { SessionSubscription } from '../../../api/generated/model/sessionSubscription';
import type { SubscriptionOptionsRetainHandling } from '../../../api/generated/model/subscriptionOptionsRetainHandling';
import type { SubscriptionQos } from '../../../api/generated/model/subscriptionQos';
import { noLocalError, subscriptionIdError, topicFilterError } from '../../../components/mqtt/subscription-rules';

/** QoS 0, 1 and 2 by the names TBMQ writes (session details, the replace call). */
export const QOS_NAMES = ['AT_MOST_ONCE', 'AT_LEAST_ONCE', 'EXACTLY_ONCE'] as const satisfies readonly SubscriptionQos[];

export type QosLevel = 0 | 1 | 2;

export function qosLevelOf(name: SubscriptionQos): QosLevel {
  return QOS_NAMES.indexOf(name) as QosLevel;
}

export interface SubscriptionFormValues {
  topicFilter: string;
  qos: QosLevel;
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

export function subscriptionFormValuesOf(subscription: SessionSubscription): SubscriptionFormValues {
  return {
    topicFilter: subscription.topicFilter,
    qos: qosLevelOf(subscription.qos),
    ...subscription.options,
    subscriptionId: subscription.subscriptionId === null ? '' : String(subscription.subscriptionId),
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

/** The subscription as the session details show it and the replace call takes it: trimmed, QoS by name, null for no identifier. */
export function subscriptionOf(values: SubscriptionFormValues): SessionSubscription {
  const id = values.subscriptionId.trim();
  return {
    topicFilter: values.topicFilter.trim(),
    qos: QOS_NAMES[values.qos],
    options: { noLocal: values.noLocal, retainAsPublish: values.retainAsPublish, retainHandling: values.retainHandling },
    subscriptionId: id === '' ? null : Number(id),
  };
}
