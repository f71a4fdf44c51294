import type { ApiClient } from './api-client.js';

export interface SavedCredentials {
  id: string;
  createdTime: number;
  name: string;
  clientType: 'DEVICE' | 'APPLICATION';
  credentialsType: 'MQTT_BASIC' | 'X_509' | 'SCRAM';
  credentialsValue: string;
  additionalInfo: { description?: string; mqttBasicPasswordIsSet?: boolean } | null;
}

export interface CredentialsRequest {
  id?: string;
  name?: string;
  clientType?: 'DEVICE' | 'APPLICATION';
  credentialsType?: 'MQTT_BASIC' | 'X_509' | 'SCRAM';
  value: Record<string, unknown>;
}

/** Saves client credentials through the API, as the console would; fails the test on anything but 200. */
export async function saveCredentials(api: ApiClient, request: CredentialsRequest): Promise<SavedCredentials> {
  const answer = await api.call<SavedCredentials>('POST', '/api/mqtt/client/credentials', {
    ...(request.id ? { id: request.id } : {}),
    name: request.name ?? 'Test credentials',
    clientType: request.clientType ?? 'DEVICE',
    credentialsType: request.credentialsType ?? 'MQTT_BASIC',
    credentialsValue: JSON.stringify(request.value),
  });
  if (answer.status !== 200) throw new Error(`saving credentials failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export function valueOf(saved: SavedCredentials): Record<string, unknown> {
  return JSON.parse(saved.credentialsValue) as Record<string, unknown>;
}
