import type { Client, PublishPacket } from 'aedes';
import type { MqttBroker } from '../mqtt-broker.js';
import { payloadBytes } from '../persistence/persisted-packet.js';
import { QUOTA_EXCEEDED } from '../reason-codes.js';

export interface RetainedLimits {
  /** Retained messages the node holds at most (STARLING_MAX_RETAINED_MESSAGES). */
  maxRetainedMessages: number;
  /** Bytes of their topics and payloads at most (STARLING_MAX_RETAINED_BYTES). */
  maxRetainedBytes: number;
}

/**
 * Holds the retained store to its limits: any client allowed to publish could otherwise fill the
 * node's memory and its SQLite file with retained messages on ever new topics. Within the limits,
 * or when a message replaces or clears one already held, nothing changes. Beyond them the message
 * is not retained, and the refusal is counted (onRefused):
 * - an MQTT 5 publisher of a QoS 1 or 2 message gets PUBACK or PUBREC 0x97 Quota exceeded and
 *   nobody gets the message (it learns it was not taken as sent);
 * - a QoS 0 message, or a message of an MQTT 3.1.1 publisher (which has no refusal), goes on to
 *   the subscribers as a message that is not retained.
 * Runs after the access control it wraps: only authorized publishes are counted.
 */
export function installRetainedLimits(broker: MqttBroker, limits: RetainedLimits, onRefused: () => void): void {
  const retained = broker.persistence.retainedMessages;
  const authorizePublish = broker.authorizePublish.bind(broker);
  broker.authorizePublish = (client: Client | null, packet: PublishPacket, callback: (error?: Error | null) => void) => {
    // Every publish passes here: one flag check for those that are not retained.
    if (!packet.retain || client === null) return authorizePublish(client, packet, callback);
    authorizePublish(client, packet, (error?: Error | null) => {
      if (error) return callback(error);
      const size = payloadBytes(packet.payload);
      // An empty payload clears the topic's message; a topic already held is replaced, not added.
      if (size === 0 || retained.has(packet.topic)) return callback(null);
      if (retained.size < limits.maxRetainedMessages && retained.bytes + Buffer.byteLength(packet.topic) + size <= limits.maxRetainedBytes) return callback(null);
      onRefused();
      if (packet.qos > 0 && (client as Client & { version?: number }).version === 5) {
        return callback(Object.assign(new Error('The retained messages are at their limit: the message is not taken'), { reasonCode: QUOTA_EXCEEDED }));
      }
      packet.retain = false;
      callback(null);
    });
  };
}
