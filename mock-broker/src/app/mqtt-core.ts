import type { BrokerConfig } from '../config/config.js';
import type { Database } from '../database/database.js';
import { installAccessControl, type AccessControl, type ConnectAttempt, type InstalledAccessControl } from '../mqtt/access-control.js';
import { BrokerStatistics } from '../mqtt/broker-statistics.js';
import { MessageRate } from '../mqtt/message-rate.js';
import { ClientEventLog } from '../mqtt/client-event-log.js';
import { installClientLimits } from '../mqtt/connections/client-limits.js';
import { installGracefulDisconnect } from '../mqtt/connections/graceful-disconnect.js';
import { installRetainedLimits } from '../mqtt/flow/retained-limits.js';
import { installProtocolLimits } from '../mqtt/flow/protocol-limits.js';
import { refuseMalformedPackets } from '../mqtt/connections/malformed-packets.js';
import { closeMqttBroker, createMqttBroker, type MqttBroker } from '../mqtt/mqtt-broker.js';
import { observeBroker } from '../mqtt/observe-broker.js';
import { publishOrphanedWills, type EndedConnection } from '../mqtt/orphaned-wills.js';
import { RestoredSessionExpiry } from '../mqtt/sessions/restored-session-expiry.js';
import { SessionRegistry, type SessionRecord } from '../mqtt/sessions/session-registry.js';
import { SessionStore } from '../mqtt/sessions/session-store.js';
import { SharedSubscriptions } from '../mqtt/shared-subscriptions.js';
import { storedSubscriptions } from '../mqtt/stored-subscriptions.js';
import { installWillDelivery } from '../mqtt/will-delivery.js';

export type Cleanup = () => Promise<void> | void;

/** The broker's live views, for the API routers and for tests. */
export interface MqttViews {
  broker: MqttBroker;
  sessions: SessionRegistry;
  statistics: BrokerStatistics;
  /** Messages per second over the last 10 s (the web-socket client's warning before `#`). */
  messageRate: MessageRate;
  events: ClientEventLog;
  sharedSubscriptions: SharedSubscriptions;
}

/** Who may connect, publish and subscribe, and who hears of refusals and of the rules taking hold. */
export interface MqttAccess {
  control: AccessControl;
  refused(attempt: ConnectAttempt, reason: string): void;
  enforceOn(installed: InstalledAccessControl): void;
}

export interface MqttCoreOptions {
  /** Not a setting: off only for the bench (see NodeOptions). */
  acknowledgeAfterCommit?: boolean;
}

/**
 * The MQTT broker of a node with everything Starling adds around Aedes: sessions that outlive
 * restarts, the event log and statistics, access control, the limits and protocol corrections.
 * Listeners are not opened here. On failure it undoes what it started before it throws.
 */
function endedConnection(session: SessionRecord | undefined): EndedConnection | undefined {
  if (!session || session.disconnectedAt === null) return undefined;
  return { endedAt: session.disconnectedAt, sessionExpirySeconds: session.sessionExpiryInterval };
}

export async function startMqttCore(database: Database, config: BrokerConfig, access: MqttAccess, options: MqttCoreOptions = {}): Promise<{ views: MqttViews; cleanups: Cleanup[] }> {
  const cleanups: Cleanup[] = [];
  try {
    const events = new ClientEventLog(database, { retentionMs: config.clientEventRetentionHours * 3_600_000, maxEvents: config.clientEventMaxCount });
    cleanups.push(() => events.close());
    const statistics = new BrokerStatistics();
    const broker = await createMqttBroker({
      nodeId: config.nodeId,
      database,
      maxQueuedMessages: config.maxQueuedMessages,
      maxQueuedBytes: config.maxQueuedBytes,
      maxTotalQueuedBytes: config.maxTotalQueuedBytes,
      limits: config,
      onDropped: () => statistics.messageDropped(),
      acknowledgeAfterCommit: options.acknowledgeAfterCommit,
    });
    cleanups.push(() => closeMqttBroker(broker));
    // In the persistence's commits: written when the broker closes, with its own rows.
    const sessionStore = new SessionStore(database, broker.persistence.journal);
    const observers = { sessions: new SessionRegistry(sessionStore), statistics, events };
    // First: its packet hook keeps what a client sends after its DISCONNECT from the others.
    installGracefulDisconnect(broker);
    refuseMalformedPackets(broker);
    observers.sessions.readSubscriptionsFrom({
      list: (clientId) => storedSubscriptions(broker, clientId),
      count: (clientId) => broker.persistence.sessions.subscriptionCount(clientId),
    });
    observers.sessions.restore(sessionStore.loadAll());
    // After a crash the file still holds what sessions that ended with the process had stored.
    broker.persistence.forgetIncomingWithoutSession((clientId) => observers.sessions.has(clientId));
    // Aedes answers Session Present from a session's subscriptions; one without any exists too.
    Object.assign(broker, { sessionExists: (clientId: string) => observers.sessions.has(clientId) });
    const restoredExpiry = new RestoredSessionExpiry(broker, observers.sessions, observers.events);
    cleanups.push(() => restoredExpiry.close());
    const observation = observeBroker(broker, { nodeId: config.nodeId, ...observers });
    const installedAccess = installAccessControl(broker, access.control, {
      events: observers.events,
      onClientType: observation.setClientType,
      onRefused: access.refused,
    });
    access.enforceOn(installedAccess);
    cleanups.push(await publishOrphanedWills(broker, installedAccess.mayPublishStoredWill, (clientId) => endedConnection(observers.sessions.get(clientId))));
    // After the wills: a session that ended while the node was down takes its will with it, once published.
    for (const session of observers.sessions.expiringOffline()) restoredExpiry.schedule(session);
    // After access control: it wraps the publish authorization installed above.
    const sharedSubscriptions = new SharedSubscriptions(broker, () => observers.statistics.messageDropped());
    installProtocolLimits(broker, { maxHeldMessages: config.maxQueuedMessages, maxHeldBytes: config.maxQueuedBytes });
    installRetainedLimits(broker, config, () => observers.statistics.messageDropped());
    installClientLimits(broker, config, observers.sessions);
    installWillDelivery(broker);
    const messageRate = new MessageRate(observers.statistics);
    cleanups.push(() => messageRate.close());
    return { views: { broker, ...observers, messageRate, sharedSubscriptions }, cleanups };
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
}
