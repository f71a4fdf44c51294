import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * Spec section 3, entity types: each has labels for type, plural, list, details, add, empty text,
 * search and selected items. The list and selected-items labels take a {count}.
 */
export interface EntityLabelSet {
  type: MessageDescriptor;
  plural: MessageDescriptor;
  list: MessageDescriptor;
  details: MessageDescriptor;
  add: MessageDescriptor;
  emptyText: MessageDescriptor;
  search: MessageDescriptor;
  selectedItems: MessageDescriptor;
}

const mqttSession = defineMessages({
  type: { id: 'entity.type-mqtt-session' },
  plural: { id: 'entity.type-mqtt-sessions' },
  list: { id: 'entity.list-of-mqtt-sessions' },
  details: { id: 'entity.mqtt-session-details' },
  add: { id: 'entity.add-mqtt-session' },
  emptyText: { id: 'entity.no-mqtt-sessions-text' },
  search: { id: 'entity.search-mqtt-sessions' },
  selectedItems: { id: 'entity.selected-mqtt-sessions' },
});

const sharedSubscriptionGroup = defineMessages({
  type: { id: 'entity.type-shared-subscription-group' },
  plural: { id: 'entity.type-shared-subscription-groups' },
  list: { id: 'entity.list-of-shared-subscription-groups' },
  details: { id: 'entity.shared-subscription-group-details' },
  add: { id: 'entity.add-shared-subscription-group' },
  emptyText: { id: 'entity.no-shared-subscription-groups-text' },
  search: { id: 'entity.search-shared-subscription-groups' },
  selectedItems: { id: 'entity.selected-shared-subscription-groups' },
});

const retainedMessage = defineMessages({
  type: { id: 'entity.type-retained-message' },
  plural: { id: 'entity.type-retained-messages' },
  list: { id: 'entity.list-of-retained-messages' },
  details: { id: 'entity.retained-message-details' },
  add: { id: 'entity.add-retained-message' },
  emptyText: { id: 'entity.no-retained-messages-text' },
  search: { id: 'entity.search-retained-messages' },
  selectedItems: { id: 'entity.selected-retained-messages' },
});

const sharedSubscription = defineMessages({
  type: { id: 'entity.type-shared-subscription' },
  plural: { id: 'entity.type-shared-subscriptions' },
  list: { id: 'entity.list-of-shared-subscriptions' },
  details: { id: 'entity.shared-subscription-details' },
  add: { id: 'entity.add-shared-subscription' },
  emptyText: { id: 'entity.no-shared-subscriptions-text' },
  search: { id: 'entity.search-shared-subscriptions' },
  selectedItems: { id: 'entity.selected-shared-subscriptions' },
});

const kafkaTopic = defineMessages({
  type: { id: 'entity.type-kafka-topic' },
  plural: { id: 'entity.type-kafka-topics' },
  list: { id: 'entity.list-of-kafka-topics' },
  details: { id: 'entity.kafka-topic-details' },
  add: { id: 'entity.add-kafka-topic' },
  emptyText: { id: 'entity.no-kafka-topics-text' },
  search: { id: 'entity.search-kafka-topics' },
  selectedItems: { id: 'entity.selected-kafka-topics' },
});

const kafkaConsumerGroup = defineMessages({
  type: { id: 'entity.type-kafka-consumer-group' },
  plural: { id: 'entity.type-kafka-consumer-groups' },
  list: { id: 'entity.list-of-kafka-consumer-groups' },
  details: { id: 'entity.kafka-consumer-group-details' },
  add: { id: 'entity.add-kafka-consumer-group' },
  emptyText: { id: 'entity.no-kafka-consumer-groups-text' },
  search: { id: 'entity.search-kafka-consumer-groups' },
  selectedItems: { id: 'entity.selected-kafka-consumer-groups' },
});

const kafkaBroker = defineMessages({
  type: { id: 'entity.type-kafka-broker' },
  plural: { id: 'entity.type-kafka-brokers' },
  list: { id: 'entity.list-of-kafka-brokers' },
  details: { id: 'entity.kafka-broker-details' },
  add: { id: 'entity.add-kafka-broker' },
  emptyText: { id: 'entity.no-kafka-brokers-text' },
  search: { id: 'entity.search-kafka-brokers' },
  selectedItems: { id: 'entity.selected-kafka-brokers' },
});

/** The label sets of the entity types the console lists so far. */
export const entityLabels = {
  MQTT_SESSION: mqttSession,
  SHARED_SUBSCRIPTION_GROUP: sharedSubscriptionGroup,
  RETAINED_MESSAGE: retainedMessage,
  SHARED_SUBSCRIPTION: sharedSubscription,
  KAFKA_TOPIC: kafkaTopic,
  KAFKA_CONSUMER_GROUP: kafkaConsumerGroup,
  KAFKA_BROKER: kafkaBroker,
} satisfies Record<string, EntityLabelSet>;
