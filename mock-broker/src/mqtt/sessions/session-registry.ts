import { ChangeLog } from '../../lists/change-log.js';
import type { SessionRecord, SessionSubscription } from './session-record.js';
import { SessionTable, type StoredSessionFields } from './session-table.js';

export type { ClientType, ConnectionState, SessionRecord, SessionSubscription, SubscriptionOptions } from './session-record.js';

/** MQTT 5 "never expires" (and every MQTT 3.1.1 persistent session). */
const NEVER_EXPIRES = 0xffffffff;

export type ExpiringSession = Pick<SessionRecord, 'clientId' | 'sessionExpiryInterval' | 'disconnectedAt'>;

/** Where the registry keeps persistent sessions across restarts (see session-store.ts). */
export interface SessionRecordStore {
  save(record: StoredSessionFields): void;
  delete(clientId: string): void;
}

/** Where an offline session's subscriptions are read: the MQTT persistence, which stores them anyway. */
export interface SubscriptionSource {
  list(clientId: string): SessionSubscription[];
  count(clientId: string): number;
}

const forgetful: SessionRecordStore = { save: () => undefined, delete: () => undefined };

/** Without a persistence (unit tests): the lists the registry was given, kept here. */
class KeptSubscriptions implements SubscriptionSource {
  readonly lists = new Map<string, SessionSubscription[]>();

  list(clientId: string): SessionSubscription[] {
    return this.lists.get(clientId) ?? [];
  }

  count(clientId: string): number {
    return this.list(clientId).length;
  }
}

/**
 * Connected clients and offline persistent sessions of this node, kept current from broker
 * events. A session whose expiry is 0 leaves the registry when its connection ends; persistent
 * ones are written to the store so that they are still listed after a restart.
 *
 * Every session has a slot in the table (session-table.ts), which the sessions list walks. A
 * connected session also keeps its live record (whose subscriptions follow the client's); an
 * offline one is only its slot, and a record made from it when asked for, whose subscriptions are
 * read from the persistence: a million offline sessions hold no object each.
 */
export class SessionRegistry {
  readonly table = new SessionTable();
  private readonly live = new Map<string, SessionRecord>();
  private readonly changes = new ChangeLog<number>();
  private readonly kept = new KeptSubscriptions();
  private subscriptionSource: SubscriptionSource = this.kept;
  private connectedCount = 0;

  /** Grows with every change, so views built from the sessions know when to catch up. */
  get version(): number {
    return this.changes.version;
  }

  /** The slots whose sessions changed after `version`; undefined: rebuild from all sessions. */
  changedSince(version: number): number[] | undefined {
    return this.changes.changedSince(version);
  }

  constructor(private readonly store: SessionRecordStore = forgetful) {}

  /** From now on offline sessions' subscriptions are read there (set once the persistence exists). */
  readSubscriptionsFrom(source: SubscriptionSource): void {
    this.subscriptionSource = source;
  }

  /**
   * Puts back the sessions a previous run stored, all offline, in one pass: their subscriptions
   * are counted from the source, and read from it only when a session is looked at.
   */
  restore(records: Iterable<StoredSessionFields>, now = Date.now()): void {
    this.changes.changed(null);
    for (const record of records) {
      // A node that crashed never saw its clients go: they were last seen when it came back.
      const crashed = record.disconnectedAt === null;
      // Copied only when it must change: a million rows are read at start-up.
      const session: StoredSessionFields = crashed || record.connectionState !== 'DISCONNECTED' ? { ...record, connectionState: 'DISCONNECTED', disconnectedAt: record.disconnectedAt ?? now } : record;
      if (this.live.delete(session.clientId)) this.connectedCount -= 1;
      this.table.put(session, this.subscriptionSource.count(session.clientId));
      if (crashed) this.store.save(session);
    }
  }

  connected(record: SessionRecord): void {
    const previous = this.live.get(record.clientId);
    if (!previous) this.connectedCount += 1;
    this.live.set(record.clientId, record);
    this.kept.lists.delete(record.clientId);
    this.changes.changed(this.table.put(record, record.subscriptions.length));
    if (record.sessionExpiryInterval > 0) this.store.save(record);
    else this.store.delete(record.clientId);
  }

  /**
   * The connection ended; `sessionExpiryInterval` is the one in force at its end, which the
   * client's DISCONNECT may have changed from its CONNECT's (MQTT 5 section 3.14.2.2.2).
   */
  disconnected(clientId: string, at: number, sessionExpiryInterval?: number): void {
    const session = this.live.get(clientId);
    if (!session) return;
    this.live.delete(clientId);
    this.connectedCount -= 1;
    if (sessionExpiryInterval !== undefined) session.sessionExpiryInterval = sessionExpiryInterval;
    if (session.sessionExpiryInterval === 0) {
      const slot = this.table.delete(clientId);
      if (slot !== undefined) this.changes.changed(slot);
      this.store.delete(clientId);
      return;
    }
    const offline: StoredSessionFields = { ...session, connectionState: 'DISCONNECTED', disconnectedAt: at };
    if (this.subscriptionSource === this.kept) this.kept.lists.set(clientId, session.subscriptions);
    this.changes.changed(this.table.put(offline, this.subscriptionSource.count(clientId)));
    this.store.save(offline);
  }

  /** Replaces the subscriptions an offline session lists (read back from where they are stored). */
  setSubscriptions(clientId: string, subscriptions: SessionSubscription[]): void {
    const slot = this.table.slotOf.get(clientId);
    if (slot === undefined || this.live.has(clientId)) return;
    if (this.subscriptionSource === this.kept) this.kept.lists.set(clientId, subscriptions);
    this.table.setSubscriptionsCount(slot, subscriptions.length);
    this.changes.changed(slot);
  }

  /** A connected session's subscriptions changed (its record reads them where they are kept). */
  subscriptionsChanged(clientId: string): void {
    const slot = this.table.slotOf.get(clientId);
    const session = this.live.get(clientId);
    if (slot === undefined || !session) return;
    this.table.setSubscriptionsCount(slot, session.subscriptions.length);
    this.changes.changed(slot);
  }

  remove(clientId: string): boolean {
    if (this.live.delete(clientId)) this.connectedCount -= 1;
    this.kept.lists.delete(clientId);
    this.store.delete(clientId);
    const slot = this.table.delete(clientId);
    if (slot === undefined) return false;
    this.changes.changed(slot);
    return true;
  }

  /** Whether the node holds a session of the client id, connected or not. */
  has(clientId: string): boolean {
    return this.live.has(clientId) || this.table.slotOf.has(clientId);
  }

  /** The live record of a connected session; for an offline one a record made from its slot. */
  get(clientId: string): SessionRecord | undefined {
    const session = this.live.get(clientId);
    if (session) return session;
    const slot = this.table.slotOf.get(clientId);
    return slot === undefined ? undefined : this.recordAt(slot);
  }

  /** The session in a slot of the table (which must hold one). */
  recordAt(slot: number): SessionRecord {
    const fields = this.table.fields(slot);
    const session = this.live.get(fields.clientId);
    if (session) return session;
    const source = this.subscriptionSource;
    let subscriptions: SessionSubscription[] | undefined;
    // Read when asked for: most callers of a record want its fields only.
    return Object.defineProperty(fields, 'subscriptions', {
      enumerable: true,
      configurable: true,
      get: () => (subscriptions ??= source.list(fields.clientId)),
      set: (value: SessionSubscription[]) => (subscriptions = value),
    }) as SessionRecord;
  }

  /** Every session as a record, made one by one as the walk goes (see get). */
  *all(): Generator<SessionRecord> {
    const { clientIds } = this.table;
    for (let slot = 0; slot < clientIds.length; slot += 1) if (clientIds[slot] !== undefined) yield this.recordAt(slot);
  }

  /** All subscriptions of all sessions. */
  subscriptionCount(): number {
    return this.table.subscriptionTotal;
  }

  /** Offline sessions whose expiry is finite, for the timers a restart brings back (restored-session-expiry.ts). */
  *expiringOffline(): Generator<ExpiringSession> {
    const { clientIds, sessionExpiryInterval, disconnectedAt } = this.table;
    for (let slot = 0; slot < clientIds.length; slot += 1) {
      const clientId = clientIds[slot];
      const expiry = sessionExpiryInterval[slot] ?? 0;
      if (clientId === undefined || expiry >= NEVER_EXPIRES || this.table.isConnected(slot)) continue;
      yield { clientId, sessionExpiryInterval: expiry, disconnectedAt: disconnectedAt[slot] ?? 0 };
    }
  }

  counts(): { connected: number; disconnected: number; total: number } {
    const total = this.table.size;
    return { connected: this.connectedCount, disconnected: total - this.connectedCount, total };
  }
}
