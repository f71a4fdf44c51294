import type { TargetSettings } from '../client-settings.js';
import type { Target } from '../delivery/deliverer.js';
import type { DocumentSource } from '../delivery/message-document.js';
import { HttpTarget } from './http-target.js';
import { checkKafkaTopic, KafkaTarget } from './kafka-target.js';
import { connectOnce, mqttClientOptions, MqttTarget } from './mqtt-target.js';

export function createTarget(settings: TargetSettings, source: DocumentSource, integrationId: string): Target {
  switch (settings.type) {
    case 'HTTP':
      return new HttpTarget(settings, source);
    case 'MQTT':
      return new MqttTarget(settings, source);
    case 'KAFKA':
      return new KafkaTarget(settings, source, integrationId);
  }
}

/**
 * Whether the target answers, without delivering anything: an HTTP HEAD request, an MQTT
 * connection under the client id suffixed with `-check` (not to take over the integration's own),
 * Kafka's metadata with the topic.
 */
export async function checkTarget(settings: TargetSettings, integrationId: string): Promise<void> {
  switch (settings.type) {
    case 'HTTP': {
      const target = new HttpTarget(settings, { nodeId: '', metadata: {} });
      try {
        await target.check();
      } finally {
        await target.close();
      }
      return;
    }
    case 'MQTT': {
      const client = await connectOnce(mqttClientOptions(settings, `${settings.clientId}-check`.slice(0, 255), false));
      await client.endAsync();
      return;
    }
    case 'KAFKA':
      await checkKafkaTopic(settings, `starling-integration-${integrationId.slice(0, 8)}`);
  }
}
