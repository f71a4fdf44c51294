import type { MqttAuthProviderType } from '../../api/generated/model/mqttAuthProviderType';
import type { MessageId } from './dialog/field-checks';

/** Each provider type's name in the list and the edit dialog's title. */
export const PROVIDER_TYPE_NAMES: Record<MqttAuthProviderType, MessageId> = {
  MQTT_BASIC: 'auth-provider.type-mqtt-basic',
  X_509: 'auth-provider.type-x509',
  JWT: 'auth-provider.type-jwt',
  SCRAM: 'auth-provider.type-scram',
  HTTP: 'auth-provider.type-http',
};

/** What each provider type does, in the reader's language (the list's description column). */
export const PROVIDER_TYPE_ABOUT: Record<MqttAuthProviderType, MessageId> = {
  MQTT_BASIC: 'auth-provider.about-mqtt-basic',
  X_509: 'auth-provider.about-x509',
  JWT: 'auth-provider.about-jwt',
  SCRAM: 'auth-provider.about-scram',
  HTTP: 'auth-provider.about-http',
};
