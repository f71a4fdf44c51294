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

/** The label sets of the entity types the console lists so far. */
export const entityLabels = {
  MQTT_SESSION: mqttSession,
  SHARED_SUBSCRIPTION_GROUP: sharedSubscriptionGroup,
  RETAINED_MESSAGE: retainedMessage,
} satisfies Record<string, EntityLabelSet>;
