// What the broker knows of one client's session: the shape the registry, its table and its store share.

export type ConnectionState = 'CONNECTED' | 'DISCONNECTED';
export type ClientType = 'DEVICE' | 'APPLICATION';

export interface SubscriptionOptions {
  noLocal: boolean;
  retainAsPublish: boolean;
  retainHandling: number;
}

export interface SessionSubscription {
  topicFilter: string;
  qos: number;
  options: SubscriptionOptions;
  subscriptionId?: number;
}

/** What the broker knows of one client's session (BROKER-API.md "Session row" and details). */
export interface SessionRecord {
  clientId: string;
  /** New with every connection, so an action can name the connection it means. */
  sessionId: string;
  clientType: ClientType;
  nodeId: string;
  connectionState: ConnectionState;
  connectedAt: number;
  disconnectedAt: number | null;
  clientIpAdr: string;
  mqttVersion: number;
  keepAliveSeconds: number;
  cleanStart: boolean;
  /** Seconds; 0 ends the session with the connection, 0xFFFFFFFF never expires. */
  sessionExpiryInterval: number;
  username: string | null;
  subscriptions: SessionSubscription[];
}
