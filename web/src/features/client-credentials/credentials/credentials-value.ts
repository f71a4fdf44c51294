import type { MqttBasicCredentialsValue } from '../../../api/generated/model/mqttBasicCredentialsValue';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import type { ScramCredentialsValue } from '../../../api/generated/model/scramCredentialsValue';
import type { X509CredentialsValue } from '../../../api/generated/model/x509CredentialsValue';

/** The credentials value JSON, read as the type its credentials type says (openapi.yaml). */
export type ParsedCredentialsValue =
  | { credentialsType: 'MQTT_BASIC'; value: MqttBasicCredentialsValue }
  | { credentialsType: 'X_509'; value: X509CredentialsValue }
  | { credentialsType: 'SCRAM'; value: ScramCredentialsValue };

export function parseCredentialsValue(credentials: Pick<MqttClientCredentials, 'credentialsType' | 'credentialsValue'>): ParsedCredentialsValue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(credentials.credentialsValue);
  } catch {
    parsed = {};
  }
  const value = typeof parsed === 'object' && parsed !== null ? parsed : {};
  switch (credentials.credentialsType) {
    case 'X_509':
      return { credentialsType: 'X_509', value: { certCnPattern: '', ...(value as Partial<X509CredentialsValue>) } };
    case 'SCRAM':
      return { credentialsType: 'SCRAM', value: value as ScramCredentialsValue };
    case 'MQTT_BASIC':
      return { credentialsType: 'MQTT_BASIC', value: value as MqttBasicCredentialsValue };
  }
}
