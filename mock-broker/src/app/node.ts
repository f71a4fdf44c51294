import http from 'node:http';
import { AuthService } from '../auth/auth-service.js';
import { authRouter } from '../auth/auth-router.js';
import { TokenService, loadOrCreateSecret } from '../auth/token-service.js';
import type { BrokerConfig } from '../config/config.js';
import { openDatabase } from '../database/database.js';
import { createHttpApp } from '../http/app.js';
import { Contract } from '../http/contract.js';
import { BrokerStatistics } from '../mqtt/broker-statistics.js';
import { ClientEventLog } from '../mqtt/client-event-log.js';
import { startMqttListeners } from '../mqtt/listeners.js';
import { closeMqttBroker, createMqttBroker, type MqttBroker } from '../mqtt/mqtt-broker.js';
import { observeBroker } from '../mqtt/observe-broker.js';
import { SessionRegistry } from '../mqtt/session-registry.js';
import { SharedSubscriptions } from '../mqtt/shared-subscriptions.js';
import { systemRouter } from '../system/system-router.js';
import { UserRepository } from '../users/user-repository.js';
import { appRouter } from './app-router.js';
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

/** Starts one broker node: database, MQTT listeners and the HTTP API with the console. */
export async function startNode(config: BrokerConfig): Promise<RunningNode> {
  const database = openDatabase(config.dataDir);
  const cleanups: (() => Promise<void> | void)[] = [() => database.close()];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const tokens = new TokenService(
      loadOrCreateSecret(config.dataDir, config.jwtSecret),
      config.accessTokenSeconds,
      config.refreshTokenSeconds,
    );
    const auth = new AuthService(new UserRepository(database), tokens);
    auth.ensureDefaultAdmin();

    const broker = await createMqttBroker({ nodeId: config.nodeId, database, maxQueuedMessages: config.maxQueuedMessages });
    cleanups.push(() => closeMqttBroker(broker));
    const statistics = new BrokerStatistics();
    const mqtt: MqttViews = {
      broker,
      sessions: new SessionRegistry(),
      statistics,
      events: new ClientEventLog(),
      sharedSubscriptions: new SharedSubscriptions(broker, () => statistics.messageDropped()),
    };
    observeBroker(broker, { nodeId: config.nodeId, ...mqtt });
    const listeners = await startMqttListeners(broker, config);
    cleanups.push(() => listeners.close());

    const app = createHttpApp({
      contract: Contract.load(),
      tokens,
      validateResponses: config.validateResponses,
      webDir: config.webDir,
      routers: [authRouter(auth), systemRouter(), appRouter({ ...config, ...listeners })],
    });
    const httpServer = http.createServer(app);
    const httpPort = await listen(httpServer, config.httpPort, config.bindAddress, 'STARLING_HTTP_PORT');
    cleanups.push(() => closeServer(httpServer));
    const { mqttPort, wsPort, mqttsPort, wssPort } = listeners;
    return { httpPort, mqttPort, wsPort, mqttsPort, wssPort, mqtt, close };
  } catch (error) {
    await close();
    throw error;
  }
}
