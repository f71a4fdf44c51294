import { Aedes } from 'aedes';

export type MqttBroker = Aedes;

/** Topic aliases a client may use when publishing to us (MQTT 5), advertised in CONNACK. */
export const TOPIC_ALIAS_MAXIMUM = 100;

export interface MqttBrokerOptions {
  nodeId: string;
}

/** The Aedes instance: protocol handling stays in Aedes, our behaviour hooks in around it. */
export async function createMqttBroker(options: MqttBrokerOptions): Promise<MqttBroker> {
  return Aedes.createBroker({ id: options.nodeId, topicAliasMaximum: TOPIC_ALIAS_MAXIMUM });
}

export function closeMqttBroker(broker: MqttBroker): Promise<void> {
  return new Promise((resolve) => broker.close(() => resolve()));
}
