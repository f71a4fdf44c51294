import type { SessionSubscription } from '../mqtt/sessions/session-registry.js';
import { parseSharedTopic } from '../mqtt/shared-subscriptions.js';

/**
 * A subscription as TBMQ 2.3 writes it, which differs by call: session details, the replace call and
 * the list of all subscriptions name the QoS (openapi.yaml SessionSubscription); a session's own
 * list (GET /api/subscription?clientId=) names the Retain Handling instead and splits off the share
 * name (ClientSubscription).
 */
const QOS_NAMES = ['AT_MOST_ONCE', 'AT_LEAST_ONCE', 'EXACTLY_ONCE'] as const;
const RETAIN_HANDLING_NAMES = ['SEND_AT_SUBSCRIBE', 'SEND_AT_SUBSCRIBE_IF_NOT_YET_EXISTS', 'DONT_SEND_AT_SUBSCRIBE'] as const;

export type QosName = (typeof QOS_NAMES)[number];
type RetainHandlingName = (typeof RETAIN_HANDLING_NAMES)[number];

/** openapi.yaml SessionSubscription. */
export interface SessionSubscriptionView {
  topicFilter: string;
  qos: QosName;
  options: SessionSubscription['options'];
  subscriptionId: number | null;
}

/** openapi.yaml ClientSubscription. */
export interface ClientSubscriptionView {
  topicFilter: string;
  qos: number;
  shareName: string | null;
  options: { noLocal: boolean; retainAsPublish: boolean; retainHandling: RetainHandlingName };
  subscriptionId: number;
}

/** openapi.yaml ClientSubscriptionSave: the QoS by name, or as the number TBMQ also takes. */
export interface SubscriptionSave {
  topicFilter: string;
  qos: QosName | number;
  options: SessionSubscription['options'];
  subscriptionId?: number | null;
}

export function sessionSubscriptionView(subscription: SessionSubscription): SessionSubscriptionView {
  return {
    topicFilter: subscription.topicFilter,
    qos: QOS_NAMES[subscription.qos] ?? 'AT_MOST_ONCE',
    options: subscription.options,
    subscriptionId: subscription.subscriptionId ?? null,
  };
}

export function clientSubscriptionView(subscription: SessionSubscription): ClientSubscriptionView {
  const shared = parseSharedTopic(subscription.topicFilter);
  return {
    topicFilter: shared?.topicFilter ?? subscription.topicFilter,
    qos: subscription.qos,
    shareName: shared?.shareName ?? null,
    options: { ...subscription.options, retainHandling: RETAIN_HANDLING_NAMES[subscription.options.retainHandling] ?? 'SEND_AT_SUBSCRIBE' },
    subscriptionId: subscription.subscriptionId ?? -1,
  };
}

/** A subscription the API took, as the broker keeps it. */
export function subscriptionOf(saved: SubscriptionSave): SessionSubscription {
  const subscription: SessionSubscription = {
    topicFilter: saved.topicFilter,
    qos: typeof saved.qos === 'number' ? saved.qos : QOS_NAMES.indexOf(saved.qos),
    options: saved.options,
  };
  return saved.subscriptionId === undefined || saved.subscriptionId === null ? subscription : { ...subscription, subscriptionId: saved.subscriptionId };
}
