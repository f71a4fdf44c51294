import type { Client, PublishPacket } from 'aedes';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import { carriedProperties } from './carried-properties.js';
import { KafkaQueueFull, type KafkaWriter } from './kafka-writer.js';
import type { SubscriptionIndex } from './subscription-index.js';
import { QUOTA_EXCEEDED } from '../mqtt/reason-codes.js';

type ClosingClient = Client & { conn?: { destroy(): void }; version?: number };

/**
 * Writes every message a client publishes to a topic an application shared subscription matches
 * into that subscription's Kafka topic, within the publish authorization: Aedes acknowledges the
 * publish (PUBACK, PUBREC) only after Kafka acknowledged the write. When the write fails the
 * publisher's connection is closed without an acknowledgement, so that it sends the message again
 * when it reconnects (a refusal would tell it to give the message up).
 *
 * When the records waiting for Kafka are at their bound (Kafka slow or unreachable), the message
 * is not taken: at QoS 0 its Kafka copy is dropped and counted (its MQTT subscribers still get
 * it); at QoS 1 and 2 an MQTT 5 publisher gets PUBACK or PUBREC 0x97 Quota exceeded and nobody
 * gets the message, and an MQTT 3.1.1 publisher, which has no refusal, is disconnected without an
 * acknowledgement, to send it again later.
 */
export function publishToKafka(broker: MqttBroker, index: SubscriptionIndex, writer: KafkaWriter, onDropped: () => void): void {
  const authorizePublish = broker.authorizePublish.bind(broker);
  broker.authorizePublish = (client: Client | null, packet: PublishPacket, callback: (error?: Error | null) => void) => {
    // Every publish passes here: without application shared subscriptions it costs one check, no callback of its own.
    if (client === null || index.size === 0) return authorizePublish(client, packet, callback);
    authorizePublish(client, packet, (error?: Error | null) => {
      if (error) return callback(error);
      const matching = index.matching(packet.topic);
      if (matching.length === 0) return callback(null);
      const message = {
        qos: packet.qos,
        retain: packet.retain,
        payload: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
        properties: carriedProperties(packet.properties as Record<string, unknown> | undefined),
      };
      writer.write(
        matching.map((subscription) => subscription.kafkaTopic),
        packet.topic,
        message,
        (failure?: Error) => {
          if (failure instanceof KafkaQueueFull) {
            if (packet.qos === 0) {
              onDropped();
              return callback(null);
            }
            if ((client as ClosingClient).version === 5) return callback(Object.assign(failure, { reasonCode: QUOTA_EXCEEDED }));
          }
          if (failure) (client as ClosingClient).conn?.destroy();
          callback(failure ?? null);
        },
      );
    });
  };
}
