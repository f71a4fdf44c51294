import type { MqttBroker } from './mqtt-broker.js';
import type { SessionSubscription } from './sessions/session-registry.js';
import { displayTopicFilter } from './shared-subscriptions.js';

/** A stored session's subscriptions, as the registry shows them. */
export function storedSubscriptions(broker: MqttBroker, clientId: string): SessionSubscription[] {
  return (broker.persistence.sessions.find(clientId)?.subscriptions ?? []).map((subscription) => ({
    topicFilter: displayTopicFilter(subscription.topicFilter),
    qos: subscription.qos,
    options: {
      noLocal: subscription.options.noLocal,
      retainAsPublish: subscription.options.retainAsPublished,
      retainHandling: subscription.options.retainHandling,
    },
    ...(subscription.subscriptionIdentifier === undefined ? {} : { subscriptionId: subscription.subscriptionIdentifier }),
  }));
}
