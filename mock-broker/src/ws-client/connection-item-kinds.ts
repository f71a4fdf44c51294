import { ApiError } from '../http/api-error.js';
import { isValidTopicFilter } from '../mqtt/topic-filter.js';
import type { ConnectionItemKind } from './connection-item-service.js';

/** The contract's WsSubscriptionConfiguration; options and subscriptionId kept as sent, whatever the connection's MQTT version. */
export interface WsSubscriptionConfiguration {
  topicFilter: string;
  qos: number;
  color?: string | null;
  options?: Record<string, unknown> | null;
  subscriptionId?: number | null;
}

/** The contract's WsSavedMessageConfiguration. */
export interface WsSavedMessageConfiguration {
  topic: string;
  [field: string]: unknown;
}

export interface WsSubscriptionView {
  id: string;
  createdTime: number;
  webSocketConnectionId: string;
  configuration: WsSubscriptionConfiguration;
}

export interface WsSavedMessageView {
  id: string;
  createdTime: number;
  webSocketConnectionId: string;
  name: string;
  configuration: WsSavedMessageConfiguration;
}

/** Subscriptions, unique per connection by topic filter, listed oldest first. */
export const subscriptionKind: ConnectionItemKind<WsSubscriptionConfiguration, WsSubscriptionView> = {
  noun: 'subscription',
  keyField: 'body.configuration.topicFilter',
  keyOf({ configuration: { topicFilter } }) {
    if (!isValidTopicFilter(topicFilter)) throw ApiError.invalidArguments(`body.configuration.topicFilter "${topicFilter}" is not a valid topic filter`);
    return topicFilter;
  },
  storedOf(configuration) {
    // The production broker keeps any number as QoS; a subscription with QoS 5 could never be made.
    if (![0, 1, 2].includes(configuration.qos)) throw ApiError.invalidArguments('body.configuration.qos must be 0, 1 or 2');
    // Answered as the production broker does: null for what was left out.
    return { color: null, options: null, subscriptionId: null, ...configuration };
  },
  viewOf: ({ id, createdTime, webSocketConnectionId, configuration }) => ({ id, createdTime, webSocketConnectionId, configuration }),
};

/** Saved messages, unique per connection by name, listed by name. */
export const savedMessageKind: ConnectionItemKind<WsSavedMessageConfiguration, WsSavedMessageView> = {
  noun: 'saved message',
  keyField: 'body.name',
  keyOf: ({ name }) => (name ?? '').trim(),
  storedOf: (configuration) => configuration,
  viewOf: ({ id, createdTime, webSocketConnectionId, key, configuration }) => ({ id, createdTime, webSocketConnectionId, name: key, configuration }),
};
