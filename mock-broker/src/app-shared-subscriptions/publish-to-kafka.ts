import type { Client, PublishPacket } from 'aedes';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import { carriedProperties } from './app-shared-subscription.js';
import type { KafkaWriter } from './kafka-writer.js';
import type { SubscriptionIndex } from './subscription-index.js';

type ClosingClient = Client & { conn?: { destroy(): void } };

/**
 * Writes every message a client publishes to a topic an application shared subscription matches
 * into that subscription's Kafka topic, within the publish authorization: Aedes acknowledges the
 * publish (PUBACK, PUBREC) only after Kafka acknowledged the write. When the write fails the
 * publisher's connection is closed without an acknowledgement, so that it sends the message again
 * when it reconnects (a refusal would tell it to give the message up).
 */
export function publishToKafka(broker: MqttBroker, index: SubscriptionIndex, writer: KafkaWriter): void {
  const authorizePublish = broker.authorizePublish.bind(broker);
  broker.authorizePublish = (client: Client | null, packet: PublishPacket, callback: (error?: Error | null) => void) => {
    authorizePublish(client, packet, (error?: Error | null) => {
      if (error || client === null) return callback(error);
      const matching = index.matching(packet.topic);
      if (matching.length === 0) return callback(null);
      const message = {
        qos: packet.qos,
        retain: packet.retain,
        payload: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
        properties: carriedProperties(packet.properties as Record<string, unknown> | undefined),
      };
      let left = matching.length;
      let failure: Error | undefined;
      const written = (writeError?: Error) => {
        failure ??= writeError;
        if (--left > 0) return;
        if (failure) (client as ClosingClient).conn?.destroy();
        callback(failure ?? null);
      };
      for (const subscription of matching) writer.write(subscription.kafkaTopic, packet.topic, message, written);
    });
  };
}
