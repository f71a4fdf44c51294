import type { Client, PublishPacket } from 'aedes';
import type { MqttBroker } from '../../mqtt/mqtt-broker.js';
import type { CapturedMessage } from './captured-message.js';
import type { Deliverer } from './deliverer.js';

type UserProperties = Record<string, string | string[]>;

function capturedMessage(client: Client, packet: PublishPacket): CapturedMessage {
  const properties = packet.properties as { userProperties?: UserProperties; contentType?: string } | undefined;
  return {
    topic: packet.topic,
    qos: packet.qos,
    retain: packet.retain,
    clientId: client.id,
    ts: Date.now(),
    payload: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
    ...(properties?.userProperties ? { userProperties: properties.userProperties } : {}),
    ...(properties?.contentType ? { contentType: properties.contentType } : {}),
  };
}

export interface CapturingIntegrations {
  /** Whether any integration is enabled (has a deliverer) now. */
  capturing(): boolean;
  /** The deliverers of the enabled integrations whose filters match the topic. */
  matching(topic: string): readonly Deliverer[];
}

/**
 * Takes every message a client publishes to a topic an enabled integration's filters match into
 * that integration's backlog, once the publish is authorized and before Aedes publishes it. The
 * backlog rows are scheduled in the MQTT persistence's journal here, so the PUBACK (and, at QoS 2,
 * the PUBREC) leaves only after they are committed: an acknowledged message reaches the target
 * even when the node is killed the next instant. A full backlog drops the integration's copy
 * (counted); subscribers still get the message.
 */
export function captureForIntegrations(broker: MqttBroker, integrations: CapturingIntegrations): void {
  const authorizePublish = broker.authorizePublish.bind(broker);
  broker.authorizePublish = (client: Client | null, packet: PublishPacket, callback: (error?: Error | null) => void) => {
    // Every publish passes here: with no integration enabled it costs one check, no callback of its own.
    if (client === null || !integrations.capturing()) return authorizePublish(client, packet, callback);
    authorizePublish(client, packet, (error?: Error | null) => {
      if (error) return callback(error);
      const deliverers = integrations.matching(packet.topic);
      if (deliverers.length > 0) {
        const message = capturedMessage(client, packet);
        for (const deliverer of deliverers) deliverer.accept(message);
      }
      callback(null);
    });
  };
}
