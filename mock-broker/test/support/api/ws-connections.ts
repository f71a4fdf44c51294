import type { ApiClient } from './api-client.js';

export interface WsConfiguration {
  url: string;
  clientId: string;
  credentialsMode?: 'AUTO' | 'EXISTING' | 'CUSTOM';
  clientCredentialsId?: string | null;
  username?: string | null;
  password?: string | null;
  passwordRequired?: boolean;
  [option: string]: unknown;
}

export interface WsConnection {
  id: string;
  createdTime: number;
  name: string;
  userId: string;
  configuration: WsConfiguration;
}

export interface ErrorAnswer {
  status: number;
  errorCode: number;
  message: string;
}

/** A configuration as the web-socket client page would send it: MQTT 5, CUSTOM, no password. */
export function wsConfiguration(overrides: Partial<WsConfiguration> = {}): WsConfiguration {
  return {
    url: 'ws://127.0.0.1:8084/mqtt',
    clientId: 'web-client',
    credentialsMode: 'CUSTOM',
    mqttVersion: 5,
    cleanStart: true,
    keepAlive: 60,
    keepAliveUnit: 'SECONDS',
    connectTimeout: 30,
    connectTimeoutUnit: 'SECONDS',
    reconnectPeriod: 0,
    reconnectPeriodUnit: 'SECONDS',
    ...overrides,
  };
}

/** The production broker's list item: a connection's configuration is read by id. */
export interface WsConnectionInfo {
  id: string;
  name: string;
  clientId: string | null;
}

const userIds = new WeakMap<ApiClient, string>();

/** The signed-in user's id, which a save names as the production broker requires. */
export async function signedInUserId(api: ApiClient): Promise<string> {
  const known = userIds.get(api);
  if (known !== undefined) return known;
  const { body } = await api.call<{ id: string }>('GET', '/api/auth/user');
  userIds.set(api, body.id);
  return body.id;
}

/** Saves a connection for the signed-in user; the raw answer, for tests of refusals. */
export async function postConnection(api: ApiClient, body: { id?: string; name: string; configuration: WsConfiguration }) {
  return api.call<WsConnection & ErrorAnswer>('POST', '/api/ws/connection', { userId: await signedInUserId(api), ...body });
}

/** Saves a connection and fails the test on anything but 200. */
export async function saveConnection(api: ApiClient, name: string, configuration: Partial<WsConfiguration> = {}, id?: string): Promise<WsConnection> {
  const answer = await postConnection(api, { ...(id ? { id } : {}), name, configuration: wsConfiguration(configuration) });
  if (answer.status !== 200) throw new Error(`saving connection ${name} failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
