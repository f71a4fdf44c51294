import { authRules } from '../credentials/credentials-value.js';
import { ApiError } from '../http/api-error.js';
import type {
  AuthProvider,
  HttpProviderConfiguration,
  OutgoingCredentials,
  ProviderClientType,
  ProviderConfiguration,
  ProviderType,
} from './auth-provider.js';
import { jwtConfigurationProblems } from './jwt/jwt-configuration-problems.js';

const FIELD = 'body.configuration';
const invalid = (field: string, problem: string) => ApiError.invalidArguments(`${field} ${problem}`);

type Given = Record<string, unknown>;

function clientTypeOf(value: unknown, field: string): ProviderClientType {
  if (value === undefined || value === null) return 'DEVICE';
  if (value === 'DEVICE' || value === 'APPLICATION') return value;
  throw invalid(field, 'must be DEVICE or APPLICATION: a provider does not let in INTEGRATION clients');
}

/** An http(s) URL with a host: what the broker will call. */
export function checkedServiceUrl(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, 'is required');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid(field, 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(field, 'must be an http or https URL');
  if (url.username !== '' || url.password !== '') throw invalid(field, 'must not hold a user name or password: set credentials instead');
  return url.toString();
}

function wholeNumber(value: unknown, field: string, fallback: number, minimum: number, maximum: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum || value > maximum) throw invalid(field, `must be a whole number from ${minimum} to ${maximum}`);
  return value;
}

/**
 * Credentials the broker signs in with; a password or private key left out keeps the stored one
 * (they are never answered, so the console cannot send them back).
 */
export function outgoingCredentials(value: unknown, stored: OutgoingCredentials | undefined, field: string): OutgoingCredentials {
  if (value === undefined || value === null) return { type: 'anonymous' };
  const given = value as Given;
  if (given.type === 'anonymous') return { type: 'anonymous' };
  if (given.type === 'basic') {
    const username = typeof given.username === 'string' ? given.username : '';
    if (username === '') throw invalid(`${field}.username`, 'is required for basic credentials');
    const keep = stored?.type === 'basic' ? stored.password : undefined;
    const password = typeof given.password === 'string' && given.password !== '' ? given.password : keep;
    if (password === undefined) throw invalid(`${field}.password`, 'is required for basic credentials');
    return { type: 'basic', username, password };
  }
  throw invalid(`${field}.type`, 'must be anonymous or basic: the bundled broker does not sign in with a client certificate');
}

function httpConfiguration(given: Given, stored: HttpProviderConfiguration): HttpProviderConfiguration {
  const method = given.requestMethod ?? 'POST';
  if (method !== 'GET' && method !== 'POST' && method !== 'PUT') throw invalid(`${FIELD}.requestMethod`, 'must be GET, POST or PUT');
  const requestBody = typeof given.requestBody === 'string' ? given.requestBody : '';
  if (method !== 'GET' && requestBody.trim() === '') throw invalid(`${FIELD}.requestBody`, 'is required');
  return {
    type: 'HTTP',
    restEndpointUrl: checkedServiceUrl(given.restEndpointUrl, `${FIELD}.restEndpointUrl`),
    requestMethod: method,
    credentials: outgoingCredentials(given.credentials, stored.credentials, `${FIELD}.credentials`),
    headers: (given.headers as Record<string, string> | null | undefined) ?? {},
    requestBody,
    readTimeoutMs: wholeNumber(given.readTimeoutMs, `${FIELD}.readTimeoutMs`, 5000, 100, 60_000),
    maxParallelRequestsCount: wholeNumber(given.maxParallelRequestsCount, `${FIELD}.maxParallelRequestsCount`, 100, 1, 1000),
    maxInMemoryBufferSizeInKb: wholeNumber(given.maxInMemoryBufferSizeInKb, `${FIELD}.maxInMemoryBufferSizeInKb`, 256, 1, 1024),
    defaultClientType: clientTypeOf(given.defaultClientType, `${FIELD}.defaultClientType`),
    authRules: authRules(given.authRules, `${FIELD}.authRules`),
    cacheTtlSeconds: wholeNumber(given.cacheTtlSeconds, `${FIELD}.cacheTtlSeconds`, 0, 0, 86_400),
    fallback: (given.fallback as HttpProviderConfiguration['fallback'] | null | undefined) ?? 'SKIP',
  };
}

/** A JWKS endpoint's basic password is kept like the HTTP service's when a save leaves it out. */
function jwtConfiguration(given: Given, stored: Given): ProviderConfiguration {
  const verifier = given.jwtVerifierConfiguration as Given | undefined;
  const storedVerifier = stored.jwtVerifierConfiguration as Given | undefined;
  let configuration: Given = given;
  if (verifier?.jwtVerifierType === 'JWKS') {
    const storedCredentials = storedVerifier?.jwtVerifierType === 'JWKS' ? (storedVerifier.credentials as OutgoingCredentials | undefined) : undefined;
    const credentials = outgoingCredentials(verifier.credentials, storedCredentials, `${FIELD}.jwtVerifierConfiguration.credentials`);
    configuration = { ...given, jwtVerifierConfiguration: { ...verifier, credentials } };
  }
  const [problem] = jwtConfigurationProblems(configuration);
  if (problem) throw invalid(`body.${problem.field}`, problem.message);
  return { ...configuration, type: 'JWT' };
}

/**
 * The configuration a save asks for, checked for what the contract cannot say (a URL that is not
 * one, a client type a provider cannot give, a secret too short to be safe); 400 naming the field.
 */
export function checkedConfiguration(type: ProviderType, value: unknown, stored: AuthProvider): ProviderConfiguration {
  const given = value as Given;
  if (given.type !== type) throw invalid(`${FIELD}.type`, `must be ${type}, the provider's type`);
  switch (type) {
    case 'MQTT_BASIC':
      return { type, authStrategy: (given.authStrategy as 'CLIENT_ID' | 'USERNAME' | 'CLIENT_ID_AND_USERNAME' | undefined) ?? 'CLIENT_ID_AND_USERNAME' };
    case 'X_509':
      return {
        type,
        skipValidityCheckForClientCert: given.skipValidityCheckForClientCert === true,
        clientAuthType: given.clientAuthType === 'CLIENT_AUTH_REQUIRED' ? 'CLIENT_AUTH_REQUIRED' : 'CLIENT_AUTH_REQUESTED',
      };
    case 'SCRAM':
      return { type };
    case 'HTTP':
      return httpConfiguration(given, stored.configuration as HttpProviderConfiguration);
    case 'JWT':
      return jwtConfiguration(given, stored.configuration as Given);
  }
}

/** What is answered: passwords and private keys the broker signs in with stay in the broker. */
export function withoutSecrets(provider: AuthProvider): AuthProvider {
  const hide = (credentials: unknown): unknown => {
    const given = credentials as Given | undefined;
    if (given?.type === 'basic') return { type: 'basic', username: given.username };
    return credentials;
  };
  const configuration = provider.configuration as Given;
  if (provider.type === 'HTTP') return { ...provider, configuration: { ...configuration, credentials: hide(configuration.credentials) } as ProviderConfiguration };
  const verifier = configuration.jwtVerifierConfiguration as Given | undefined;
  if (provider.type === 'JWT' && verifier?.jwtVerifierType === 'JWKS') {
    return { ...provider, configuration: { ...configuration, type: 'JWT', jwtVerifierConfiguration: { ...verifier, credentials: hide(verifier.credentials) } } };
  }
  return provider;
}
