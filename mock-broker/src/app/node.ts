import http from 'node:http';
import type { BrokerConfig } from '../config/config.js';
import { boundHttpConnections } from '../http/connection-bounds.js';
import { claimDataDirectory, restrictDataDirectory } from '../database/data-directory-claim.js';
import { openDatabase } from '../database/database.js';
import { docsRouter } from '../docs/docs-router.js';
import { createHttpApp } from '../http/app.js';
import { Contract } from '../http/contract.js';
import type { AccessControl } from '../mqtt/access-control.js';
import { startMqttListeners } from '../mqtt/connections/listeners.js';
import { startAlerts } from '../alerts/start-alerts.js';
import type { SampleFeed } from '../monitoring/sample-feed.js';
import { startMonitoring } from '../monitoring/start-monitoring.js';
import { systemRouter } from '../system/system-router.js';
import { startSessions } from '../sessions/start-sessions.js';
import { startRetainedMessages } from '../retained-messages/start-retained-messages.js';
import { SettingsRepository } from '../settings/settings-repository.js';
import { credentialsPortOf } from '../ws-client/connection-credentials.js';
import { startWsClient } from '../ws-client/start-ws-client.js';
import { startKafka } from '../kafka/start-kafka.js';
import { startAppSharedSubscriptions } from '../app-shared-subscriptions/start-app-shared-subscriptions.js';
import { startIntegrations } from '../integrations/start-integrations.js';
import { startAuditLog } from '../audit-log/start-audit-log.js';
import { TrustedProxies } from '../http/trusted-proxies.js';
import { startAccounts } from './accounts.js';
import { startMqttCore, type MqttViews } from './mqtt-core.js';
import { appRouter } from './app-router.js';
import { auditedEntityReaders } from './audited-entities.js';
import { nodeReadings, type OpenedListeners } from './node-readings.js';
import { createClientAccess } from './client-access.js';
import { closeServer, listen } from './listen.js';

export type { MqttViews };

export interface RunningNode {
  httpPort: number;
  mqttPort: number;
  wsPort: number;
  /** Null when no certificate is configured. */
  mqttsPort: number | null;
  wssPort: number | null;
  mqtt: MqttViews;
  /** Every time-series sample the node stores (the alert rules listen here). */
  samples: SampleFeed;
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
    const accounts = startAccounts(database, config);
    const settingsRepository = new SettingsRepository(database);
    const clientAccess = createClientAccess(database, settingsRepository, { maxFailures: config.signInMaxFailures, windowMs: config.signInWindowSeconds * 1000 });
    cleanups.push(() => clientAccess.unauthorizedClients.flush());
    cleanups.push(() => clientAccess.close());
    restrictDataDirectory(config.dataDir);

    const core = await startMqttCore(database, config, {
      control: options.accessControl ?? clientAccess.access,
      refused: clientAccess.refused,
      enforceOn: clientAccess.enforceOn,
    }, options);
    cleanups.push(...core.cleanups);
    const mqtt = core.views;
    const { broker } = mqtt;
    // The listeners open after the areas start: until then no connection is open.
    const opened: OpenedListeners = {};
    const monitoring = startMonitoring({ database, settings: config, readings: nodeReadings(mqtt, opened) });
    // Areas that start themselves: each answers its routers and what closing the node must undo.
    const areas = [
      startSessions({ ...mqtt, limits: config }),
      startRetainedMessages({ retained: broker.persistence.retainedMessages }),
      startWsClient({
        database,
        credentials: credentialsPortOf(clientAccess.credentials),
        beforeUserDeleted: accounts.beforeUserDeleted,
        roleOf: (userId) => accounts.users.role(userId),
        afterRoleChanged: accounts.afterRoleChanged,
        maxBytesPerUser: config.wsClientMaxBytesPerUser,
      }),
      startKafka(config.kafka),
      startAppSharedSubscriptions({ database, kafka: config.kafka, mqtt }),
    ];
    const integrations = startIntegrations({ database, broker, nodeId: config.nodeId, settings: config.integrations, samples: monitoring.entitySamples, sampleIntervalSeconds: config.sampleIntervalSeconds });
    const alerts = startAlerts({
      database,
      feed: monitoring.feed,
      mail: accounts.mail,
      users: accounts.users,
      nodeId: config.nodeId,
      publicUrl: config.publicUrl,
      retentionDays: config.timeseriesRetentionDays,
    });
    const auditLog = startAuditLog({
      database,
      settings: config.auditLog,
      tokens: accounts.tokens,
      users: accounts.users,
      proxies: new TrustedProxies(config.trustedProxies),
      readers: auditedEntityReaders({ accounts, clientAccess, settings: settingsRepository, alerts, integrations }),
    });
    areas.push(integrations, monitoring, alerts, auditLog);
    cleanups.push(...areas.flatMap((area) => area.cleanups));
    let consolePort = config.httpPort;
    const listeners = await startMqttListeners(broker, { ...config, consolePort: () => consolePort });
    opened.listeners = listeners;
    cleanups.push(() => listeners.close());

    const contract = Contract.load();
    const app = createHttpApp({
      contract,
      tokens: accounts.tokens,
      roles: accounts.users,
      validateResponses: config.validateResponses,
      recorder: auditLog.recorder,
      webDir: config.webDir,
      pageRouters: [docsRouter()],
      routers: [
        // First: it answers the settings key mqttAuthorization and hands the others on to the mail settings.
        ...clientAccess.routers,
        ...accounts.routers,
        systemRouter(),
        appRouter({
          ...config,
          ...listeners,
          configuredPorts: { mqtts: config.mqttsPort, wss: config.wssPort },
          credentialsTypesInUse: () => clientAccess.credentials.typesInUse(),
          extensions: contract.extensions,
          anonymousAccess: () => clientAccess.anonymous.view(),
          messageRates: () => mqtt.messageRate.current(),
          enabledAuthProviders: () => clientAccess.providers.enabledTypes(),
        }),
        ...areas.flatMap((area) => area.routers),
      ],
      rootRouters: monitoring.rootRouters,
    });
    // 64 KiB of request head (Node's default is 16): room for the longest query the contract takes,
    // percent-encoded, so that a request within its limits is never refused with a bare 431.
    const httpServer = http.createServer({ maxHeaderSize: 64 * 1024 }, app);
    // An idle kept-alive connection is closed after 30 s, not Node's 5: a client (or a proxy in front)
    // that reuses it a moment after the server gave up on it gets a reset instead of an answer, and
    // on a busy machine that moment is long enough for it to happen.
    httpServer.keepAliveTimeout = 30_000;
    boundHttpConnections(httpServer, { perAddress: config.maxHttpConnectionsPerAddress, total: config.maxHttpConnections, trustedProxies: config.trustedProxies });
    const httpPort = await listen(httpServer, config.httpPort, config.bindAddress, 'STARLING_HTTP_PORT');
    consolePort = httpPort;
    cleanups.push(() => closeServer(httpServer));
    const { mqttPort, wsPort, mqttsPort, wssPort } = listeners;
    return { httpPort, mqttPort, wsPort, mqttsPort, wssPort, mqtt, samples: monitoring.feed, close };
  } catch (error) {
    await close();
    throw error;
  }
}
