import type { MessageDescriptor } from 'react-intl';
import type { ApplicationSharedSubscription } from '../../../api/generated/model/applicationSharedSubscription';
import type { ApplicationSharedSubscriptionInput } from '../../../api/generated/model/applicationSharedSubscriptionInput';
import { isValidTopicFilter, SHARED_SUBSCRIPTION_PREFIX } from '../../../components/mqtt/topic-filter';

// The limits of ApplicationSharedSubscriptionInput in openapi.yaml, checked before the broker does.
export const MAX_NAME_LENGTH = 255;
export const MAX_TOPIC_FILTER_LENGTH = 1024;
export const MIN_PARTITIONS = 1;
export const MAX_PARTITIONS = 100;
export const DEFAULT_PARTITIONS = 1;

/** The dialog's fields as typed; partitions stay text until they are checked. */
export interface ApplicationSubscriptionFormValues {
  name: string;
  topicFilter: string;
  partitions: string;
}

export const APPLICATION_SUBSCRIPTION_FIELDS = ['name', 'topicFilter', 'partitions'] as const;

export const EMPTY_APPLICATION_SUBSCRIPTION_FORM: ApplicationSubscriptionFormValues = { name: '', topicFilter: '', partitions: String(DEFAULT_PARTITIONS) };

export function applicationSubscriptionFormValuesOf(subscription: ApplicationSharedSubscription): ApplicationSubscriptionFormValues {
  return { name: subscription.name, topicFilter: subscription.topicFilter, partitions: String(subscription.partitions) };
}

export type ApplicationSubscriptionFormErrors = Partial<Record<keyof ApplicationSubscriptionFormValues, MessageDescriptor>>;

/**
 * What the broker would refuse, said before sending: a name, a topic filter a client could subscribe
 * to (its `$share/{group}/` prefix is the client's part, and `$` topics are the broker's own), and a
 * whole number of partitions from 1 to 100.
 */
export function validateApplicationSubscriptionForm(values: ApplicationSubscriptionFormValues): ApplicationSubscriptionFormErrors {
  const errors: ApplicationSubscriptionFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = { id: 'app-shared-subscription.name-required' };
  else if (name.length > MAX_NAME_LENGTH) errors.name = { id: 'app-shared-subscription.name-too-long' };

  const topicFilterError = topicFilterProblem(values.topicFilter.trim());
  if (topicFilterError) errors.topicFilter = topicFilterError;

  const partitions = values.partitions.trim();
  if (!/^\d+$/.test(partitions) || Number(partitions) < MIN_PARTITIONS || Number(partitions) > MAX_PARTITIONS) {
    errors.partitions = { id: 'app-shared-subscription.partitions-range' };
  }
  return errors;
}

function topicFilterProblem(topicFilter: string): MessageDescriptor | undefined {
  if (topicFilter === '') return { id: 'app-shared-subscription.topic-filter-required' };
  if (topicFilter.startsWith(SHARED_SUBSCRIPTION_PREFIX)) return { id: 'app-shared-subscription.topic-filter-share-prefix' };
  if (topicFilter.startsWith('$')) return { id: 'app-shared-subscription.topic-filter-system' };
  if (topicFilter.length > MAX_TOPIC_FILTER_LENGTH) return { id: 'app-shared-subscription.topic-filter-too-long' };
  if (!isValidTopicFilter(topicFilter)) return { id: 'app-shared-subscription.topic-filter-invalid' };
  return undefined;
}

/** The request body: a new subscription, or (with the subscription) a rename that keeps the rest. */
export function applicationSubscriptionInputOf(values: ApplicationSubscriptionFormValues, existing: ApplicationSharedSubscription | null): ApplicationSharedSubscriptionInput {
  const name = values.name.trim();
  if (existing) return { id: existing.id, name, topicFilter: existing.topicFilter, partitions: existing.partitions };
  return { name, topicFilter: values.topicFilter.trim(), partitions: Number(values.partitions.trim()) };
}

/** MQTT 5 section 4.8.2: a share name is at least one character, without "/", "+" or "#". */
export function isValidShareName(shareName: string): boolean {
  return shareName !== '' && !/[/+#]/.test(shareName);
}

/** The topic an APPLICATION client subscribes to, to receive a subscription's messages as member of a group. */
export function subscriptionTopicOf(shareName: string, topicFilter: string): string {
  return `${SHARED_SUBSCRIPTION_PREFIX}${shareName}/${topicFilter}`;
}
