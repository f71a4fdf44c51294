import { deleteMqttClientCredentials, saveMqttClientCredentials } from '../../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import { randomAlphanumeric } from '../../../../components/random-text/random-alphanumeric';
import type { ConnectionFormValues } from '../form/connection-form-values';
import { RANDOM_PART_LENGTH } from '../form/random-client-id';

/** The prefix of the usernames generated credentials get, whoever makes them. */
const USERNAME_PREFIX = 'starling_websockets_';

/**
 * Generated (AUTO) credentials in front of a broker that does not make them (it does not list the
 * wsGeneratedCredentials extension; TBMQ 2.3 does not): the console creates MQTT_BASIC credentials
 * for the connection's client id first, as the production broker's own client does — a random
 * username, every topic allowed, no password (that broker keeps none for a connection, so one could
 * not be given on connect) — and the connection is saved linked to them. When the connection cannot
 * be saved, the credentials made for it go again.
 */
export async function saveWithCredentialsMadeHere<T>(values: ConnectionFormValues, save: (linked: ConnectionFormValues) => Promise<T>): Promise<T> {
  const clientId = values.clientId.trim();
  const userName = USERNAME_PREFIX + randomAlphanumeric(RANDOM_PART_LENGTH);
  const credentials = await saveMqttClientCredentials(
    {
      name: `WebSocket Credentials ${randomAlphanumeric(RANDOM_PART_LENGTH)}`,
      clientType: 'DEVICE',
      credentialsType: 'MQTT_BASIC',
      credentialsValue: JSON.stringify({ clientId, userName, password: null, authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] } }),
    },
    { ignoreErrors: true },
  );
  try {
    return await save({ ...values, credentialsMode: 'EXISTING', clientCredentialsId: credentials.id, username: userName, password: '', passwordRequired: false });
  } catch (error) {
    await deleteMqttClientCredentials(credentials.id, { ignoreErrors: true }).catch(() => undefined);
    throw error;
  }
}
