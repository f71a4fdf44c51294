import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import type { ConnectionState, ClientType, SessionRecord, SessionSubscription } from '../mqtt/session-registry.js';

/** MQTT 5 "never expires" (and every MQTT 3.1.1 persistent session). */
const NEVER_EXPIRES = 0xffffffff;

/** A row of the sessions list (openapi.yaml ClientSessionInfo). */
export interface ClientSessionInfo {
  clientId: string;
  sessionId: string;
  connectionState: ConnectionState;
  clientType: ClientType;
  nodeId: string;
  subscriptionsCount: number;
  queuedMessages: number;
  connectedAt: number;
  disconnectedAt: number | null;
  clientIpAdr: string;
  cleanStart: boolean;
  mqttVersion: number;
  username: string | null;
}

/** openapi.yaml ClientSessionDetails. */
export interface ClientSessionDetails extends ClientSessionInfo {
  keepAliveSeconds: number;
  sessionExpiryInterval: number;
  sessionEndTs: number | null;
  droppedMessages: number;
  subscriptions: SessionSubscription[];
}

export function byTopicFilter(subscriptions: SessionSubscription[]): SessionSubscription[] {
  return [...subscriptions].sort((a, b) => (a.topicFilter < b.topicFilter ? -1 : a.topicFilter > b.topicFilter ? 1 : 0));
}

export function sessionInfo(session: SessionRecord, broker: MqttBroker): ClientSessionInfo {
  return {
    clientId: session.clientId,
    sessionId: session.sessionId,
    connectionState: session.connectionState,
    clientType: session.clientType,
    nodeId: session.nodeId,
    subscriptionsCount: session.subscriptions.length,
    queuedMessages: broker.persistence.sessions.queuedCount(session.clientId),
    connectedAt: session.connectedAt,
    disconnectedAt: session.disconnectedAt,
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
    sessionEndTs: expires && session.disconnectedAt !== null ? session.disconnectedAt + session.sessionExpiryInterval * 1000 : null,
    droppedMessages: broker.persistence.droppedMessages.countFor(session.clientId),
    subscriptions: byTopicFilter(session.subscriptions),
  };
}
