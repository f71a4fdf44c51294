import type { AuthRules } from '../credentials/client-credentials.js';

/** openapi.yaml MqttAuthProviderType: one provider of each type exists, always. */
export const PROVIDER_TYPES = ['MQTT_BASIC', 'X_509', 'JWT', 'SCRAM', 'HTTP'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** The providers that judge a CONNECT in an order (SCRAM answers clients that ask for it instead). */
export const ORDERED_TYPES = ['MQTT_BASIC', 'X_509', 'JWT', 'HTTP'] as const;
export type OrderedProviderType = (typeof ORDERED_TYPES)[number];

export type BasicAuthStrategy = 'CLIENT_ID' | 'USERNAME' | 'CLIENT_ID_AND_USERNAME';
export type ProviderClientType = 'DEVICE' | 'APPLICATION';

export type OutgoingCredentials =
  | { type: 'anonymous' }
  | { type: 'basic'; username: string; password: string }
  | {
      type: 'cert.PEM';
      caCert?: string | null;
      caCertFileName?: string | null;
      cert?: string | null;
      certFileName?: string | null;
      privateKey?: string | null;
      privateKeyFileName?: string | null;
      privateKeyPassword?: string | null;
    };

export interface BasicProviderConfiguration {
  type: 'MQTT_BASIC';
  authStrategy: BasicAuthStrategy;
}

export interface X509ProviderConfiguration {
  type: 'X_509';
  skipValidityCheckForClientCert: boolean;
  clientAuthType: 'CLIENT_AUTH_REQUESTED' | 'CLIENT_AUTH_REQUIRED';
}

export interface ScramProviderConfiguration {
  type: 'SCRAM';
}

/** TBMQ's JWT configuration as stored; jwt/jwt-verifier.ts reads it. */
export interface JwtProviderSettings {
  type: 'JWT';
  [field: string]: unknown;
}

export interface HttpProviderConfiguration {
  type: 'HTTP';
  restEndpointUrl: string;
  requestMethod: 'GET' | 'POST' | 'PUT';
  credentials: OutgoingCredentials;
  headers: Record<string, string>;
  requestBody: string;
  readTimeoutMs: number;
  maxParallelRequestsCount: number;
  maxInMemoryBufferSizeInKb: number;
  defaultClientType: ProviderClientType;
  authRules: AuthRules;
  /** Starling's: how long a definite answer is kept (0: not kept). */
  cacheTtlSeconds?: number;
  /** Starling's: what a CONNECT gets while the service is down (TBMQ: SKIP, the next provider asks). */
  fallback?: 'SKIP' | 'REFUSE' | 'ALLOW';
}

export type ProviderConfiguration =
  | BasicProviderConfiguration
  | X509ProviderConfiguration
  | JwtProviderSettings
  | ScramProviderConfiguration
  | HttpProviderConfiguration;

/** A provider as stored and answered (openapi.yaml MqttAuthProvider). */
export interface AuthProvider {
  id: string;
  createdTime: number;
  enabled: boolean;
  type: ProviderType;
  configuration: ProviderConfiguration;
  additionalInfo: { description: string };
}

/** The list's entry (openapi.yaml ShortMqttAuthProvider). */
export interface ShortAuthProvider {
  id: string;
  enabled: boolean;
  type: ProviderType;
  createdTime: number;
  description: string;
}

const EVERY_TOPIC_RULES = (): AuthRules => ({ pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] });

/** What each provider says it does, in the list and the provider's page. */
export const PROVIDER_DESCRIPTIONS: Record<ProviderType, string> = {
  MQTT_BASIC: 'Lets in a client whose client id and/or username match MQTT_BASIC client credentials, with their password',
  X_509: 'Lets in a client whose TLS certificate, verified by the configured CA, matches X_509 client credentials',
  JWT: 'Lets in a client whose CONNECT password is a JSON Web Token signed with the configured key',
  SCRAM: 'Lets an MQTT 5 client prove its password by a SCRAM challenge and response, without sending it (enhanced authentication)',
  HTTP: 'Asks an outside HTTP service whether to let a client in, with its client id, username and password',
};

/**
 * Each type's configuration on a new node. Basic and X.509 are on, as the client credentials always
 * were in Starling (TBMQ starts with X.509 off); the others wait for an operator to set them up.
 */
export function defaultConfiguration(type: ProviderType): ProviderConfiguration {
  switch (type) {
    case 'MQTT_BASIC':
      return { type, authStrategy: 'CLIENT_ID_AND_USERNAME' };
    case 'X_509':
      return { type, skipValidityCheckForClientCert: false, clientAuthType: 'CLIENT_AUTH_REQUESTED' };
    case 'JWT':
      return {
        type,
        defaultClientType: 'DEVICE',
        // No secret anyone knows: the operator sets the real one before turning JWT on.
        jwtVerifierConfiguration: { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret: '' } },
        authClaims: {},
        clientTypeClaims: {},
        authRules: EVERY_TOPIC_RULES(),
        pubAuthRuleClaim: null,
        subAuthRuleClaim: null,
      };
    case 'SCRAM':
      return { type };
    case 'HTTP':
      return {
        type,
        restEndpointUrl: 'http://localhost:8080',
        requestMethod: 'POST',
        credentials: { type: 'anonymous' },
        headers: { 'Content-Type': 'application/json' },
        requestBody: '{\n  "clientId": "${clientId}",\n  "username": "${username}",\n  "password": "${password}"\n}',
        readTimeoutMs: 5000,
        maxParallelRequestsCount: 100,
        maxInMemoryBufferSizeInKb: 256,
        defaultClientType: 'DEVICE',
        authRules: EVERY_TOPIC_RULES(),
        cacheTtlSeconds: 0,
        fallback: 'SKIP',
      };
  }
}

export const DEFAULT_ENABLED: Record<ProviderType, boolean> = { MQTT_BASIC: true, X_509: true, JWT: false, SCRAM: false, HTTP: false };

export const shortOf = (provider: AuthProvider): ShortAuthProvider => ({
  id: provider.id,
  enabled: provider.enabled,
  type: provider.type,
  createdTime: provider.createdTime,
  description: provider.additionalInfo.description,
});
