import http from 'node:http';
import { AuthService } from '../auth/auth-service.js';
import { authRouter } from '../auth/auth-router.js';
import { TokenService, loadOrCreateSecret } from '../auth/token-service.js';
import type { BrokerConfig } from '../config/config.js';
import { claimDataDirectory, restrictDataDirectory } from '../database/data-directory-claim.js';
import { openDatabase } from '../database/database.js';
import { createHttpApp } from '../http/app.js';
import { Contract } from '../http/contract.js';
import { installAccessControl, type AccessControl } from '../mqtt/access-control.js';
import { BrokerStatistics } from '../mqtt/broker-statistics.js';
import { ClientEventLog } from '../mqtt/client-event-log.js';
import { startMqttListeners } from '../mqtt/listeners.js';
import { closeMqttBroker, createMqttBroker, type MqttBroker } from '../mqtt/mqtt-broker.js';
import { installClientLimits } from '../mqtt/client-limits.js';
import { installProtocolLimits } from '../mqtt/flow/protocol-limits.js';
import { refuseMalformedPackets } from '../mqtt/malformed-packets.js';
import { observeBroker } from '../mqtt/observe-broker.js';
import { publishOrphanedWills } from '../mqtt/orphaned-wills.js';
import { RestoredSessionExpiry } from '../mqtt/restored-session-expiry.js';
import { SessionRegistry } from '../mqtt/session-registry.js';
import { SessionStore } from '../mqtt/session-store.js';
import { SharedSubscriptions } from '../mqtt/shared-subscriptions.js';
import { storedSubscriptions } from '../mqtt/stored-subscriptions.js';
import { installWillDelivery } from '../mqtt/will-delivery.js';
import { SessionService } from '../sessions/session-service.js';
import { sessionRouter } from '../sessions/session-router.js';
import { SubscriptionService } from '../sessions/subscription-service.js';
import { subscriptionRouter } from '../sessions/subscription-router.js';
import { systemRouter } from '../system/system-router.js';
import { AccountActivationService } from '../auth/account-activation.js';
import { accountActivationRouter } from '../auth/account-activation-router.js';
import { LinkMailLimiter } from '../auth/link-mail-limiter.js';
import { PasswordExpiry } from '../auth/password-expiry.js';
import { RefreshTokenLedger } from '../auth/refresh-token-ledger.js';
import { PublicSignIn } from '../auth/public-session.js';
import { PasswordResetService } from '../auth/password-reset.js';
import { passwordResetRouter } from '../auth/password-reset-router.js';
import { startRetainedMessages } from '../retained-messages/start-retained-messages.js';
import { MailService } from '../mail/mail-service.js';
import { MailSettingsStore } from '../mail/mail-settings.js';
import { SettingsRepository } from '../settings/settings-repository.js';
import { settingsRouter } from '../settings/settings-router.js';
import { ResetTokenRepository } from '../users/reset-token-repository.js';
import { UserRepository } from '../users/user-repository.js';
import { userRouter } from '../users/user-router.js';
import { UserService } from '../users/user-service.js';
import { appRouter } from './app-router.js';
import { createClientAccess } from './client-access.js';
import { closeServer, listen } from './listen.js';

/** The broker's live views, for the API routers and for tests. */
export interface MqttViews {
  broker: MqttBroker;
  sessions: SessionRegistry;
  statistics: BrokerStatistics;
  events: ClientEventLog;
  sharedSubscriptions: SharedSubscriptions;
}

export interface RunningNode {
  httpPort: number;
  mqttPort: number;
  wsPort: number;
  /** Null when no certificate is configured. */
  mqttsPort: number | null;
  wssPort: number | null;
  mqtt: MqttViews;
  close(): Promise<void>;
}

export interface NodeOptions {
  /** Who may connect, publish and subscribe; the client credentials (src/credentials) when not given. */
  accessControl?: AccessControl;
  /**
   * Not a setting: off only for the bench, to measure the old behaviour beside the new one
   * (acknowledgements before the commit; see SqlitePersistenceOptions).
   */
  acknowledgeAfterCommit?: boolean;
}

/** Starts one broker node: database, MQTT listeners and the HTTP API with the console. */
export async function startNode(config: BrokerConfig, options: NodeOptions = {}): Promise<RunningNode> {
  const releaseDataDirectory = claimDataDirectory(config.dataDir);
  const cleanups: (() => Promise<void> | void)[] = [releaseDataDirectory];
  const close = async () => {
    // Each cleanup runs once, newest first, however often close() is called.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const database = openDatabase(config.dataDir);
    cleanups.push(() => database.close());
    const userRepository = new UserRepository(database);
    const tokens = new TokenService(
      loadOrCreateSecret(config.dataDir, config.jwtSecret),
      config.accessTokenSeconds,
      config.refreshTokenSeconds,
      userRepository,
    );
    const users = new UserService(userRepository);
    const settingsRepository = new SettingsRepository(database);
    const mailSettings = new MailSettingsStore(settingsRepository);
    const clientAccess = createClientAccess(database, settingsRepository, { maxFailures: config.signInMaxFailures, windowMs: config.signInWindowSeconds * 1000 });
    cleanups.push(() => clientAccess.unauthorizedClients.flush());
    cleanups.push(() => clientAccess.close());
    const mail = new MailService(mailSettings);
    const resetTokens = new ResetTokenRepository(database);
    const linkMails = new LinkMailLimiter();
    const activation = new AccountActivationService(userRepository, users, resetTokens, mail, tokens, config.publicUrl, linkMails);
    const auth = new AuthService(userRepository, tokens, new PasswordExpiry(config.passwordMaxAgeDays, resetTokens), new RefreshTokenLedger(database), new PublicSignIn(config.publicId), { maxFailures: config.signInMaxFailures, windowMs: config.signInWindowSeconds * 1000 });
    auth.ensureDefaultAdmin();
    restrictDataDirectory(config.dataDir);

    const sessionStore = new SessionStore(database);
    cleanups.push(() => sessionStore.close());
    const events = new ClientEventLog(database, { retentionMs: config.clientEventRetentionHours * 3_600_000, maxEvents: config.clientEventMaxCount });
    cleanups.push(() => events.close());
    const observers = { sessions: new SessionRegistry(sessionStore), statistics: new BrokerStatistics(), events };
    const broker = await createMqttBroker({
      nodeId: config.nodeId,
      database,
      maxQueuedMessages: config.maxQueuedMessages,
      limits: config,
      onDropped: () => observers.statistics.messageDropped(),
      acknowledgeAfterCommit: options.acknowledgeAfterCommit,
    });
    cleanups.push(() => closeMqttBroker(broker));
    refuseMalformedPackets(broker);
    observers.sessions.restore(sessionStore.loadAll(), (clientId) => storedSubscriptions(broker, clientId));
    const restoredExpiry = new RestoredSessionExpiry(broker, observers.sessions, observers.events);
    for (const session of observers.sessions.all()) restoredExpiry.schedule(session);
    cleanups.push(() => restoredExpiry.close());
    const observation = observeBroker(broker, { nodeId: config.nodeId, ...observers });
    const installedAccess = installAccessControl(broker, options.accessControl ?? clientAccess.access, {
      events: observers.events,
      onClientType: observation.setClientType,
      onRefused: clientAccess.refused,
    });
    clientAccess.enforceOn(installedAccess);
    cleanups.push(await publishOrphanedWills(broker, installedAccess.mayPublishStoredWill));
    // After access control: it wraps the publish authorization installed above.
    const sharedSubscriptions = new SharedSubscriptions(broker, () => observers.statistics.messageDropped());
    installProtocolLimits(broker, { maxHeldMessages: config.maxQueuedMessages });
    installClientLimits(broker, config);
    installWillDelivery(broker);
    const mqtt: MqttViews = { broker, ...observers, sharedSubscriptions };
    // Areas that start themselves: each answers its routers and what closing the node must undo.
    const areas = [startRetainedMessages({ retained: broker.persistence.retainedMessages })];
    cleanups.push(...areas.flatMap((area) => area.cleanups));
    let consolePort = config.httpPort;
    const listeners = await startMqttListeners(broker, { ...config, consolePort: () => consolePort });
    cleanups.push(() => listeners.close());

    const app = createHttpApp({
      contract: Contract.load(),
      tokens,
      validateResponses: config.validateResponses,
      webDir: config.webDir,
      routers: [
        authRouter(auth),
        passwordResetRouter(new PasswordResetService(userRepository, users, resetTokens, mail, tokens, config.publicUrl, linkMails)),
        userRouter(users, tokens, activation),
        accountActivationRouter(activation),
        settingsRouter(mailSettings, mail, users),
        systemRouter(),
        sessionRouter(new SessionService(broker, observers.sessions, events)),
        subscriptionRouter(new SubscriptionService(broker, observers.sessions), observers.sessions, sharedSubscriptions),
        appRouter({ ...config, ...listeners, anonymousAccess: () => clientAccess.anonymous.view() }),
        ...clientAccess.routers,
        ...areas.flatMap((area) => area.routers),
      ],
    });
    // 64 KiB of request head (Node's default is 16): room for the longest query the contract takes,
    // percent-encoded, so that a request within its limits is never refused with a bare 431.
    const httpServer = http.createServer({ maxHeaderSize: 64 * 1024 }, app);
    const httpPort = await listen(httpServer, config.httpPort, config.bindAddress, 'STARLING_HTTP_PORT');
    consolePort = httpPort;
    cleanups.push(() => closeServer(httpServer));
    const { mqttPort, wsPort, mqttsPort, wssPort } = listeners;
    return { httpPort, mqttPort, wsPort, mqttsPort, wssPort, mqtt, close };
  } catch (error) {
    await close();
    throw error;
  }
}
