import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import type { ConnectionState, ClientType, SessionRecord, SessionSubscription } from '../mqtt/sessions/session-registry.js';
import { sessionSubscriptionView, type SessionSubscriptionView } from './subscription-views.js';

/** MQTT 5 "never expires" (and every MQTT 3.1.1 persistent session). */
const NEVER_EXPIRES = 0xffffffff;

/** A row of the sessions list (openapi.yaml ClientSessionInfo): TBMQ's fields and Starling's optional ones. */
export interface ClientSessionInfo {
  id: string;
  clientId: string;
  sessionId: string;
  connectionState: ConnectionState;
  clientType: ClientType;
  nodeId: string;
  subscriptionsCount: number;
  queuedMessages: number;
  connectedAt: number;
  /** 0 while connected, as TBMQ answers. */
  disconnectedAt: number;
  clientIpAdr: string;
  cleanStart: boolean;
  mqttVersion: number;
  username: string | null;
}

/** openapi.yaml ClientSessionDetails. */
export interface ClientSessionDetails extends ClientSessionInfo {
  keepAliveSeconds: number;
  sessionExpiryInterval: number;
  /** -1 while connected or when the session never expires, as TBMQ answers. */
  sessionEndTs: number;
  droppedMessages: number;
  subscriptions: SessionSubscriptionView[];
}

/** openapi.yaml ClientSessionAdvancedDetails: TBMQ's "Unknown" for what the broker does not know. */
export interface ClientSessionAdvancedDetails {
  credentialsName: string;
  mqttVersion: 'MQTT_3_1' | 'MQTT_3_1_1' | 'MQTT_5' | 'Unknown';
  authProvider: string;
}

const UNKNOWN = 'Unknown';
const MQTT_VERSION_NAMES: Record<number, ClientSessionAdvancedDetails['mqttVersion']> = { 3: 'MQTT_3_1', 4: 'MQTT_3_1_1', 5: 'MQTT_5' };

/** How a client signed in; Starling does not keep which credentials let it in. */
export function sessionAdvancedDetails(session: SessionRecord | undefined): ClientSessionAdvancedDetails {
  return { credentialsName: UNKNOWN, mqttVersion: (session && MQTT_VERSION_NAMES[session.mqttVersion]) ?? UNKNOWN, authProvider: UNKNOWN };
}

export function byTopicFilter(subscriptions: SessionSubscription[]): SessionSubscription[] {
  return [...subscriptions].sort((a, b) => (a.topicFilter < b.topicFilter ? -1 : a.topicFilter > b.topicFilter ? 1 : 0));
}

/** `subscriptionsCount`: when the caller knows it (the list reads it from the registry's table), an offline session's subscriptions are not read. */
export function sessionInfo(session: SessionRecord, broker: MqttBroker, subscriptionsCount?: number): ClientSessionInfo {
  return {
    id: session.clientId,
    clientId: session.clientId,
    sessionId: session.sessionId,
    connectionState: session.connectionState,
    clientType: session.clientType,
    nodeId: session.nodeId,
    subscriptionsCount: subscriptionsCount ?? session.subscriptions.length,
    queuedMessages: broker.persistence.sessions.queuedCount(session.clientId),
    connectedAt: session.connectedAt,
    disconnectedAt: session.disconnectedAt ?? 0,
    clientIpAdr: session.clientIpAdr,
    cleanStart: session.cleanStart,
    mqttVersion: session.mqttVersion,
    username: session.username,
  };
}

export function sessionDetails(session: SessionRecord, broker: MqttBroker): ClientSessionDetails {
  const expires = session.disconnectedAt !== null && session.sessionExpiryInterval < NEVER_EXPIRES;
  return {
    ...sessionInfo(session, broker),
    keepAliveSeconds: session.keepAliveSeconds,
    sessionExpiryInterval: session.sessionExpiryInterval,
    sessionEndTs: expires && session.disconnectedAt !== null ? session.disconnectedAt + session.sessionExpiryInterval * 1000 : -1,
    droppedMessages: broker.persistence.droppedMessages.countFor(session.clientId),
    subscriptions: byTopicFilter(session.subscriptions).map(sessionSubscriptionView),
  };
}
