import { Aedes, type AedesPublishPacket, type Client } from 'aedes';
import type { Database } from '../database/database.js';
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
    ...(acknowledgeAfterCommit ? { published: acknowledgeQos1OnceStored(persistence) } : {}),
  });
  return Object.assign(broker, { persistence });
}

/**
 * Aedes calls `published` last in publish(), after the message reached the queues of persistent
 * sessions and the connected subscribers, and the PUBACK of a QoS 1 message waits for publish()
 * (patches/README.md, 002). Holding it until the commit makes the PUBACK mean stored. Delivery does
 * not wait: a subscriber that acknowledges before the commit needs no queue entry written at all,
 * and a QoS 1 message the broker loses before its PUBACK is sent again by the publisher. QoS 2
 * waits in the persistence instead, before delivery (SqlitePersistence.outgoingEnqueueCombi).
 */
function acknowledgeQos1OnceStored(persistence: SqlitePersistence) {
  return (packet: AedesPublishPacket, client: Client | null, callback: (error?: Error | null) => void): void => {
    if (!client || packet.qos !== 1) return callback(null);
    persistence.whenStored().then(() => callback(null), callback);
  };
}

export async function closeMqttBroker(broker: MqttBroker): Promise<void> {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  // Aedes' close() leaves its persistence alone: write what is pending before the database closes.
  await broker.persistence.destroy();
}
