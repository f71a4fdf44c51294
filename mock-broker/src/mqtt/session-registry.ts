import { ChangeLog } from '../lists/change-log.js';

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

/** Where the registry keeps persistent sessions across restarts (see session-store.ts). */
export interface SessionRecordStore {
  save(record: Omit<SessionRecord, 'subscriptions'>): void;
  delete(clientId: string): void;
}

const forgetful: SessionRecordStore = { save: () => undefined, delete: () => undefined };

/**
 * Connected clients and offline persistent sessions of this node, kept current from broker
 * events. A session whose expiry is 0 leaves the registry when its connection ends; persistent
 * ones are written to the store so that they are still listed after a restart.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly changes = new ChangeLog();

  /** Grows with every change, so views built from the sessions know when to catch up. */
  get version(): number {
    return this.changes.version;
  }

  /** The client ids whose sessions changed after `version`; undefined: rebuild from all sessions. */
  changedSince(version: number): string[] | undefined {
    return this.changes.changedSince(version);
  }

  /** Counts a change of one session, or of many (null). */
  private changed(clientId: string | null): void {
    this.changes.changed(clientId);
  }

  constructor(private readonly store: SessionRecordStore = forgetful) {}

  /** Puts back the sessions a previous run stored, all offline, with their stored subscriptions. */
  restore(records: Omit<SessionRecord, 'subscriptions'>[], subscriptionsOf: (clientId: string) => SessionSubscription[], now = Date.now()): void {
    this.changed(null);
    for (const record of records) {
      // A node that crashed never saw its clients go: they were last seen when it came back.
      const session: SessionRecord = { ...record, connectionState: 'DISCONNECTED', disconnectedAt: record.disconnectedAt ?? now, subscriptions: subscriptionsOf(record.clientId) };
      this.sessions.set(session.clientId, session);
      if (record.disconnectedAt === null) this.store.save(session);
    }
  }

  connected(record: SessionRecord): void {
    this.changed(record.clientId);
    this.sessions.set(record.clientId, record);
    if (record.sessionExpiryInterval > 0) this.store.save(record);
    else this.store.delete(record.clientId);
  }

  /**
   * The connection ended; `sessionExpiryInterval` is the one in force at its end, which the
   * client's DISCONNECT may have changed from its CONNECT's (MQTT 5 section 3.14.2.2.2).
   */
  disconnected(clientId: string, at: number, sessionExpiryInterval?: number): SessionRecord | undefined {
    const session = this.sessions.get(clientId);
    if (!session) return undefined;
    this.changed(clientId);
    if (sessionExpiryInterval !== undefined) session.sessionExpiryInterval = sessionExpiryInterval;
    if (session.sessionExpiryInterval === 0) {
      this.sessions.delete(clientId);
      this.store.delete(clientId);
    } else {
      session.connectionState = 'DISCONNECTED';
      session.disconnectedAt = at;
      this.store.save(session);
    }
    return session;
  }

  /** Replaces the subscriptions an offline session lists. */
  setSubscriptions(clientId: string, subscriptions: SessionSubscription[]): void {
    const session = this.sessions.get(clientId);
    if (!session) return;
    this.changed(clientId);
    // A record made while connected reads its subscriptions through a getter: replace it by the list.
    Object.defineProperty(session, 'subscriptions', { value: subscriptions, writable: true, enumerable: true, configurable: true });
  }

  /** The session's subscriptions changed (its record reads them where they are kept). */
  subscriptionsChanged(clientId: string): void {
    if (this.sessions.has(clientId)) this.changed(clientId);
  }

  remove(clientId: string): boolean {
    this.changed(clientId);
    this.store.delete(clientId);
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
