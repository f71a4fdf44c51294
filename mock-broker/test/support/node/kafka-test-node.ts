import { ApiClient } from '../api/api-client.js';
import { saveCredentials } from '../api/client-credentials.js';
import { MqttClients } from '../mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from './test-node.js';

export interface MqttLogin {
  username: string;
  password: string;
}

/**
 * A node on the kafka project's Kafka (its `host:port` from inject('kafkaBootstrap')), an
 * administrator signed in, and MQTT_BASIC credentials saved for an APPLICATION and a DEVICE login:
 * what the application shared subscription files start from.
 */
export async function startKafkaTestNode(bootstrap: string, logins: { run: string; app: MqttLogin; device: MqttLogin }): Promise<{ node: TestNode; api: ApiClient; clients: MqttClients }> {
  const [host, port] = bootstrap.split(':') as [string, string];
  const node = await startTestNode({ kafka: { bootstrap: [{ host, port: Number(port) }], sasl: undefined, tls: false, tlsCaFile: undefined } });
  const api = new ApiClient(node.baseUrl);
  await api.signIn();
  await saveCredentials(api, { name: `Applications ${logins.run}`, clientType: 'APPLICATION', value: { userName: logins.app.username, password: logins.app.password } });
  await saveCredentials(api, { name: `Devices ${logins.run}`, clientType: 'DEVICE', value: { userName: logins.device.username, password: logins.device.password } });
  return { node, api, clients: new MqttClients(node) };
}
