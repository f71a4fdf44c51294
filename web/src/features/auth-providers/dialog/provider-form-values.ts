import type { BasicAuthStrategy } from '../../../api/generated/model/basicAuthStrategy';
import type { MqttAuthProvider } from '../../../api/generated/model/mqttAuthProvider';
import type { MqttAuthProviderConfiguration } from '../../../api/generated/model/mqttAuthProviderConfiguration';
import type { X509AuthProviderConfigurationClientAuthType } from '../../../api/generated/model/x509AuthProviderConfigurationClientAuthType';
import type { FieldProblem } from './field-checks';
import { type HttpFormValues, httpConfigurationOf, httpFormValuesOf, httpProblems } from './http-values';
import { type JwtFormValues, jwtConfigurationOf, jwtFormValuesOf, jwtProblems } from './jwt/jwt-values';

export interface BasicFormValues {
  type: 'MQTT_BASIC';
  authStrategy: BasicAuthStrategy;
}

export interface X509FormValues {
  type: 'X_509';
  skipValidityCheckForClientCert: boolean;
  clientAuthType: X509AuthProviderConfigurationClientAuthType;
}

/** One provider's settings as its edit dialog holds them (openapi.yaml MqttAuthProvider.configuration). */
export type ProviderFormValues = BasicFormValues | X509FormValues | JwtFormValues | HttpFormValues | { type: 'SCRAM' };

/**
 * The fields a problem can be about, named as the contract names them, so that a broker's 400
 * (`body.configuration.…secret …`) lands under the same field as the console's own check.
 */
export const PROVIDER_FIELDS = [
  'authStrategy',
  'clientAuthType',
  'defaultClientType',
  'secret',
  'publicPemKey',
  'publicPemKeyFileName',
  'endpoint',
  'headers',
  'refreshInterval',
  'username',
  'password',
  'authClaims',
  'clientTypeClaims',
  'pubAuthRulePatterns',
  'subAuthRulePatterns',
  'pubAuthRuleClaim',
  'subAuthRuleClaim',
  'restEndpointUrl',
  'requestMethod',
  'requestBody',
  'readTimeoutMs',
  'maxParallelRequestsCount',
  'maxInMemoryBufferSizeInKb',
  'cacheTtlSeconds',
  'fallback',
] as const;
export type ProviderField = (typeof PROVIDER_FIELDS)[number];
export type ProviderProblems = Partial<Record<ProviderField, FieldProblem>>;

export function providerFormValuesOf(configuration: MqttAuthProviderConfiguration): ProviderFormValues {
  switch (configuration.type) {
    case 'MQTT_BASIC':
      return { type: 'MQTT_BASIC', authStrategy: configuration.authStrategy ?? 'CLIENT_ID_AND_USERNAME' };
    case 'X_509':
      return {
        type: 'X_509',
        skipValidityCheckForClientCert: configuration.skipValidityCheckForClientCert ?? false,
        clientAuthType: configuration.clientAuthType ?? 'CLIENT_AUTH_REQUESTED',
      };
    case 'JWT':
      return jwtFormValuesOf(configuration);
    case 'HTTP':
      return httpFormValuesOf(configuration);
    case 'SCRAM':
      return { type: 'SCRAM' };
  }
}

export function providerConfigurationOf(values: ProviderFormValues): MqttAuthProviderConfiguration {
  switch (values.type) {
    case 'JWT':
      return jwtConfigurationOf(values);
    case 'HTTP':
      return httpConfigurationOf(values);
    default:
      return values;
  }
}

/** The provider to save: as stored (id, enabled, description…) with the edited configuration. */
export function providerSaveOf(stored: MqttAuthProvider, values: ProviderFormValues): MqttAuthProvider {
  return { ...stored, configuration: providerConfigurationOf(values) };
}

export function providerProblems(values: ProviderFormValues): ProviderProblems {
  if (values.type === 'JWT') return jwtProblems(values);
  if (values.type === 'HTTP') return httpProblems(values);
  return {};
}
