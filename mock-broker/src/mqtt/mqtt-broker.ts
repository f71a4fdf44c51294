import { Aedes } from 'aedes';

export type MqttBroker = Aedes;

export interface MqttBrokerOptions {
  nodeId: string;
}

/** The Aedes instance: protocol handling stays in Aedes, our behaviour hooks in around it. */
export async function createMqttBroker(options: MqttBrokerOptions): Promise<MqttBroker> {
  return Aedes.createBroker({ id: options.nodeId });
}

export function closeMqttBroker(broker: MqttBroker): Promise<void> {
  return new Promise((resolve) => broker.close(() => resolve()));
}
