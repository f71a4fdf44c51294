import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { e2ePorts } from './ports.js';

/** A real MQTT client connected to the end-to-end broker; it does not reconnect once disconnected. */
export async function connectMqttClient(clientId: string, options: IClientOptions = {}): Promise<MqttClient> {
  return connectAsync(`mqtt://127.0.0.1:${e2ePorts.mqtt}`, { clientId, protocolVersion: 5, reconnectPeriod: 0, ...options });
}
