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

/**
 * Connected clients and offline persistent sessions of this node, kept current from broker
 * events. A session whose expiry is 0 leaves the registry when its connection ends.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, SessionRecord>();

  connected(record: SessionRecord): void {
    this.sessions.set(record.clientId, record);
  }

  disconnected(clientId: string, at: number): SessionRecord | undefined {
    const session = this.sessions.get(clientId);
    if (!session) return undefined;
    if (session.sessionExpiryInterval === 0) {
      this.sessions.delete(clientId);
    } else {
      session.connectionState = 'DISCONNECTED';
      session.disconnectedAt = at;
    }
    return session;
  }

  setSubscriptions(clientId: string, subscriptions: SessionSubscription[]): void {
    const session = this.sessions.get(clientId);
    if (session) session.subscriptions = subscriptions;
  }

  remove(clientId: string): boolean {
    return this.sessions.delete(clientId);
  }

  get(clientId: string): SessionRecord | undefined {
    return this.sessions.get(clientId);
  }

  all(): IterableIterator<SessionRecord> {
    return this.sessions.values();
  }

  counts(): { connected: number; disconnected: number; total: number } {
    let connected = 0;
    for (const session of this.sessions.values()) if (session.connectionState === 'CONNECTED') connected += 1;
    return { connected, disconnected: this.sessions.size - connected, total: this.sessions.size };
  }
}
