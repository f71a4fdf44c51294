import type { MessageDescriptor } from 'react-intl';
import type { MqttAuthProviderType } from '../../api/generated/model/mqttAuthProviderType';

type MessageId = NonNullable<MessageDescriptor['id']>;

/** Each provider type's name: the providers list, the edit dialog's title, the access simulator's answer. */
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

/** The name of a provider type an answer names; one this console does not know is shown as the broker wrote it. */
export function providerTypeName(type: string): MessageId | undefined {
  return Object.hasOwn(PROVIDER_TYPE_NAMES, type) ? PROVIDER_TYPE_NAMES[type as MqttAuthProviderType] : undefined;
}
