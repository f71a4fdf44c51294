import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { callApi, signInToApi } from './api.js';
import { compatSettings } from './compat-settings.js';

/**
 * What the compatibility run's writing journeys set up beside the console: MQTT clients of their own,
 * with credentials made for them through the broker's API (a production broker refuses anonymous
 * clients), connected through the console's own /mqtt, as the web-socket client connects.
 */

export interface CompatMqttAccount {
  id: string;
  username: string;
  password: string;
}

export const compatApiToken = (): Promise<string> => signInToApi(compatSettings.username, compatSettings.password, compatSettings.broker);

/** MQTT_BASIC credentials (any client id, every topic allowed) for a journey's own clients. */
export async function createCompatAccount(token: string, name: string, clientType: 'DEVICE' | 'APPLICATION' = 'DEVICE'): Promise<CompatMqttAccount> {
  const username = name.replace(/[^a-z0-9-]/gi, '-');
  const password = `Compat-${Date.now()}-secret`;
  const credentialsValue = JSON.stringify({ clientId: null, userName: username, password, authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] } });
  const created = await callApi<{ id: string }>('POST', '/api/mqtt/client/credentials', { name, clientType, credentialsType: 'MQTT_BASIC', credentialsValue }, token, compatSettings.broker);
  return { id: created.id, username, password };
}

export async function deleteCompatAccount(token: string, account: CompatMqttAccount): Promise<void> {
  await callApi('DELETE', `/api/mqtt/client/credentials/${account.id}`, undefined, token, compatSettings.broker);
}

/** An MQTT 5 client through the console's /mqtt (the Origin a browser on the console would send); it does not reconnect. */
export function connectThroughConsole(clientId: string, account: CompatMqttAccount, options: IClientOptions = {}): Promise<MqttClient> {
  const url = `${compatSettings.console.replace(/^http/, 'ws')}/mqtt`;
  return connectAsync(url, {
    clientId,
    username: account.username,
    password: account.password,
    protocolVersion: 5,
    reconnectPeriod: 0,
    wsOptions: { headers: { Origin: compatSettings.console } },
    ...options,
  });
}
