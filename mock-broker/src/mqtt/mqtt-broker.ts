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
  const persistence = new SqlitePersistence(options.database, { maxQueuedMessages: options.maxQueuedMessages, onDropped: options.onDropped, acknowledgeAfterCommit });
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
  return Object.assign(broker, { persistence });
}

export async function closeMqttBroker(broker: MqttBroker): Promise<void> {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  // Aedes' close() leaves its persistence alone: write what is pending before the database closes.
  await broker.persistence.destroy();
}
