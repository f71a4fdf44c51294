import { Aedes } from 'aedes';
import type { Database } from '../database/database.js';
import { acknowledgeOnceStored } from './flow/acknowledge-once-stored.js';
import type { DroppedListener } from './persistence/dropped-messages.js';
import { SqlitePersistence } from './persistence/sqlite-persistence.js';

/** Aedes keeps its persistence on `persistence`; typed here for the session and retained views. */
export type MqttBroker = Aedes & { readonly persistence: SqlitePersistence };

/** Topic aliases a client may use when publishing to us (MQTT 5), advertised in CONNACK. */
export const TOPIC_ALIAS_MAXIMUM = 100;

export interface MqttBrokerOptions {
  nodeId: string;
  database: Database;
  maxQueuedMessages: number;
  maxQueuedBytes: number;
  maxTotalQueuedBytes: number;
  limits: ProtocolLimits;
  onDropped?: DroppedListener;
  /** Internal, for the bench alone: see SqlitePersistenceOptions. */
  acknowledgeAfterCommit?: boolean;
}

/** What the broker states in CONNACK and holds clients to (MQTT 5 section 3.2.2.3). */
export interface ProtocolLimits {
  maxPacketSize: number;
  receiveMaximum: number;
  /** 0: no maximum. */
  maxKeepAliveSeconds: number;
  /** Before CONNACK, when the client is not known yet. */
  maxConnectPacketSize: number;
}

/** The Aedes instance: protocol handling stays in Aedes, our behaviour hooks in around it. */
export async function createMqttBroker(options: MqttBrokerOptions): Promise<MqttBroker> {
  const acknowledgeAfterCommit = options.acknowledgeAfterCommit ?? true;
  // Aedes publishes a QoS 2 message when it arrives and later only asks whether its packet id is
  // stored (handlers/publish.js, pubrel.js): the unreleased packets need no payload.
  const persistence = new SqlitePersistence(options.database, { maxQueuedMessages: options.maxQueuedMessages, maxQueuedBytes: options.maxQueuedBytes, maxTotalQueuedBytes: options.maxTotalQueuedBytes, onDropped: options.onDropped, acknowledgeAfterCommit, keepIncomingPayloads: false });
  const { maxPacketSize, receiveMaximum, maxKeepAliveSeconds, maxConnectPacketSize } = options.limits;
  const broker = await Aedes.createBroker({
    id: options.nodeId,
    topicAliasMaximum: TOPIC_ALIAS_MAXIMUM,
    maximumPacketSize: maxPacketSize,
    maximumConnectPacketSize: Math.min(maxConnectPacketSize, maxPacketSize),
    receiveMaximum,
    keepaliveLimit: maxKeepAliveSeconds,
    // Delivered by SharedSubscriptions, installed by the node.
    sharedSubscriptionAvailable: true,
    persistence,
    // Wrapped by the node's protocol limits (flow/protocol-limits.ts), which see packets first.
    outgoing: acknowledgeAfterCommit ? acknowledgeOnceStored(persistence) : null,
  });
  endCleanSessions(broker, persistence);
  return Object.assign(broker, { persistence });
}

/**
 * A session whose expiry is 0 ends with its connection (MQTT 5 section 3.1.2.11.2, MQTT 3.1.1
 * section 3.1.2.4), and what it stored goes with it. Aedes ends an MQTT 5 one, unless the broker is
 * closing, and leaves an MQTT 3.1.1 one to the next CONNECT with its client id, which may never
 * come: each client id used once would leave its unreleased QoS 2 publishes behind for good.
 */
function endCleanSessions(broker: Aedes, persistence: SqlitePersistence): void {
  broker.on('clientDisconnect', (client) => {
    if (client.clean && (client.version < 5 || broker.closed)) void persistence.cleanSubscriptions(client);
  });
}

export async function closeMqttBroker(broker: MqttBroker): Promise<void> {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  // Aedes' close() leaves its persistence alone: write what is pending before the database closes.
  await broker.persistence.destroy();
}
