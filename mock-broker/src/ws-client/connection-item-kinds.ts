import { ApiError } from '../http/api-error.js';
import { isValidTopicFilter } from '../mqtt/topic-filter.js';
import type { ConnectionItemKind } from './connection-item-service.js';

/** The contract's WsSubscriptionConfiguration; options and subscriptionId kept as sent, whatever the connection's MQTT version. */
export interface WsSubscriptionConfiguration {
  topicFilter: string;
  qos: 0 | 1 | 2;
  color: string;
  [option: string]: unknown;
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
  viewOf: ({ id, createdTime, webSocketConnectionId, configuration }) => ({ id, createdTime, webSocketConnectionId, configuration }),
};

/** Saved messages, unique per connection by name, listed by name. */
export const savedMessageKind: ConnectionItemKind<WsSavedMessageConfiguration, WsSavedMessageView> = {
  noun: 'saved message',
  keyField: 'body.name',
  keyOf: ({ name }) => (name ?? '').trim(),
  viewOf: ({ id, createdTime, webSocketConnectionId, key, configuration }) => ({ id, createdTime, webSocketConnectionId, name: key, configuration }),
};
