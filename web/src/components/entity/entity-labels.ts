import type { MessageDescriptor } from 'react-intl';

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

/**
 * The eight message ids of a type from its singular and plural names (e.g. 'kafka-topic',
 * 'kafka-topics'): written out as template types, so that the type-check still finds an id the
 * locale file lacks.
 */
function labelsOf<Singular extends string, Plural extends string>(singular: Singular, plural: Plural) {
  return {
    type: { id: `entity.type-${singular}` as const },
    plural: { id: `entity.type-${plural}` as const },
    list: { id: `entity.list-of-${plural}` as const },
    details: { id: `entity.${singular}-details` as const },
    add: { id: `entity.add-${singular}` as const },
    emptyText: { id: `entity.no-${plural}-text` as const },
    search: { id: `entity.search-${plural}` as const },
    selectedItems: { id: `entity.selected-${plural}` as const },
  };
}

/** The twelve entity types of spec section 3, each with its labels in en_US and de_DE. */
export const entityLabels = {
  USER: labelsOf('user', 'users'),
  MQTT_CLIENT_CREDENTIALS: labelsOf('mqtt-client-credential', 'mqtt-client-credentials'),
  MQTT_SESSION: labelsOf('mqtt-session', 'mqtt-sessions'),
  SHARED_SUBSCRIPTION: labelsOf('shared-subscription', 'shared-subscriptions'),
  SHARED_SUBSCRIPTION_GROUP: labelsOf('shared-subscription-group', 'shared-subscription-groups'),
  RETAINED_MESSAGE: labelsOf('retained-message', 'retained-messages'),
  KAFKA_TOPIC: labelsOf('kafka-topic', 'kafka-topics'),
  KAFKA_CONSUMER_GROUP: labelsOf('kafka-consumer-group', 'kafka-consumer-groups'),
  KAFKA_BROKER: labelsOf('kafka-broker', 'kafka-brokers'),
  WS_CONNECTION: labelsOf('ws-connection', 'ws-connections'),
  WS_SUBSCRIPTION: labelsOf('ws-subscription', 'ws-subscriptions'),
  WS_MESSAGE: labelsOf('ws-message', 'ws-messages'),
} satisfies Record<string, EntityLabelSet>;

export type EntityType = keyof typeof entityLabels;

/** The entity types in the spec's order, e.g. for a filter by entity type. */
export const ENTITY_TYPES = Object.keys(entityLabels) as EntityType[];
