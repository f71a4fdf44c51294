import { e2eBroker } from './broker-settings.js';

/** Calls the broker's API the way any client would, for the setup a journey needs (by default the run's broker). */
export async function callApi<T = unknown>(method: string, path: string, body?: unknown, token?: string, baseUrl = e2eBroker.baseUrl): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers['X-Authorization'] = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signInToApi(username: string, password: string, baseUrl = e2eBroker.baseUrl): Promise<string> {
  const pair = await callApi<{ token: string }>('POST', '/api/auth/login', { username, password }, undefined, baseUrl);
  return pair.token;
}

/**
 * Creates a user with a password of its own that has already been changed once, so the console does
 * not force a password change on it (spec section 2: additionalInfo.isPasswordChanged is true once the history holds two entries).
 */
export async function createSettledUser(
  adminToken: string,
  email: string,
  password: string,
  names = { firstName: 'E2E', lastName: email.split('@')[0] ?? '' },
  additionalInfo?: { lang?: 'en_US' | 'de_DE' },
): Promise<void> {
  await callApi('POST', '/api/admin', { email, ...names, password: `${password}-first`, ...(additionalInfo ? { additionalInfo } : {}) }, adminToken);
  const token = await signInToApi(email, `${password}-first`);
  await callApi('POST', '/api/auth/changePassword', { currentPassword: `${password}-first`, newPassword: password }, token);
}

/**
 * Creates MQTT_BASIC client credentials (any client id; DEVICE unless told) for a test's own MQTT client: once any
 * credentials exist the broker refuses anonymous clients. Answers the credentials' id.
 */
export async function createMqttCredentials(
  adminToken: string,
  credentials: { name: string; username: string; password: string; clientType?: 'DEVICE' | 'APPLICATION' },
): Promise<string> {
  const { name, username, password, clientType = 'DEVICE' } = credentials;
  const created = await callApi<{ id: string }>(
    'POST',
    '/api/mqtt/client/credentials',
    { name, clientType, credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify({ clientId: null, userName: username, password }) },
    adminToken,
  );
  return created.id;
}
