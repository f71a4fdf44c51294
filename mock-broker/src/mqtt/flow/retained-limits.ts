import type { Client, PublishPacket } from 'aedes';
import type { MqttBroker } from '../mqtt-broker.js';
import { payloadBytes, storedBytes, type PersistedPacket } from '../persistence/persisted-packet.js';
import { QUOTA_EXCEEDED } from '../reason-codes.js';

export interface RetainedLimits {
  /** Retained messages the node holds at most (STARLING_MAX_RETAINED_MESSAGES). */
  maxRetainedMessages: number;
  /** Bytes of their topics, payloads and properties at most (STARLING_MAX_RETAINED_BYTES). */
  maxRetainedBytes: number;
}

/**
 * Holds the retained store to its limits: any client allowed to publish could otherwise fill the
 * node's memory and its SQLite file with retained messages on ever new topics, or with ever larger
 * ones on topics it holds. Within the limits, or when a message clears one, nothing changes; a
 * message replacing one held counts only what it adds in bytes. Beyond them the message is not
 * retained, and the refusal is counted (onRefused):
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
      // An empty payload clears the topic's message.
      if (payloadBytes(packet.payload) === 0) return callback(null);
      // A topic already held is replaced: one message more only for a new topic, and only the bytes it adds.
      const held = retained.bytesOf(packet.topic);
      const added = storedBytes(packet as unknown as PersistedPacket) - held;
      const roomForOneMore = held > 0 || retained.size < limits.maxRetainedMessages;
      if (roomForOneMore && (added <= 0 || retained.bytes + added <= limits.maxRetainedBytes)) return callback(null);
      onRefused();
      if (packet.qos > 0 && (client as Client & { version?: number }).version === 5) {
        return callback(Object.assign(new Error('The retained messages are at their limit: the message is not taken'), { reasonCode: QUOTA_EXCEEDED }));
      }
      packet.retain = false;
      callback(null);
    });
  };
}
