import type { JwtAuthProviderConfiguration } from '../../../../api/generated/model/jwtAuthProviderConfiguration';
import type { KeyValuePair } from '../../../../components/key-value-list/key-value-list-editor';
import { type AuthRuleLists, authRulesOf, ruleListsOf } from '../../../../components/rule-patterns/rule-lists';
import { clientTypeChoiceOf, type ProviderClientTypeChoice } from '../client-type-choice';
import { checkPairs, type FieldProblem, httpUrlProblem, integerProblem, mapOf, pairsOf, requiredText, rulesProblems, tooLong, withoutEmpty } from '../field-checks';
import { type OutgoingCredentialsValues, outgoingCredentialsOf, outgoingCredentialsProblems, outgoingCredentialsValuesOf } from '../outgoing-credentials-values';

/** How a token's signature is checked: a shared secret, a public key, or keys from a JWKS endpoint. */
export type JwtVerifierChoice = 'HMAC_BASED' | 'PEM_KEY' | 'JWKS';

/** HS256/384/512 need a secret of at least 32 bytes (openapi.yaml, saveMqttAuthProvider). */
export const MIN_HMAC_SECRET_BYTES = 32;
/** A JWKS endpoint is asked again at the earliest after 300 s (openapi.yaml JwksVerifier). */
export const MIN_JWKS_REFRESH_SECONDS = 300;

export interface JwtFormValues {
  type: 'JWT';
  defaultClientType: ProviderClientTypeChoice;
  verifier: JwtVerifierChoice;
  secret: string;
  publicPemKey: string;
  publicPemKeyFileName: string;
  endpoint: string;
  jwksHeaders: KeyValuePair[];
  refreshInterval: string;
  jwksCredentials: OutgoingCredentialsValues;
  authClaims: KeyValuePair[];
  clientTypeClaims: KeyValuePair[];
  rules: AuthRuleLists;
  pubAuthRuleClaim: string;
  subAuthRuleClaim: string;
}

export function jwtFormValuesOf(stored: JwtAuthProviderConfiguration): JwtFormValues {
  const verifier = stored.jwtVerifierConfiguration;
  const signing = verifier?.jwtVerifierType === 'ALGORITHM_BASED' ? verifier.jwtSignAlgorithmConfiguration : undefined;
  const jwks = verifier?.jwtVerifierType === 'JWKS' ? verifier : undefined;
  return {
    type: 'JWT',
    defaultClientType: clientTypeChoiceOf(stored.defaultClientType),
    verifier: jwks ? 'JWKS' : (signing?.algorithm ?? 'HMAC_BASED'),
    secret: signing?.algorithm === 'HMAC_BASED' ? (signing.secret ?? '') : '',
    publicPemKey: signing?.algorithm === 'PEM_KEY' ? (signing.publicPemKey ?? '') : '',
    publicPemKeyFileName: signing?.algorithm === 'PEM_KEY' ? (signing.publicPemKeyFileName ?? '') : '',
    endpoint: jwks?.endpoint ?? '',
    jwksHeaders: pairsOf(jwks?.headers),
    refreshInterval: String(jwks?.refreshInterval ?? MIN_JWKS_REFRESH_SECONDS),
    jwksCredentials: outgoingCredentialsValuesOf(jwks?.credentials),
    authClaims: pairsOf(stored.authClaims),
    clientTypeClaims: pairsOf(stored.clientTypeClaims),
    rules: ruleListsOf(stored.authRules),
    pubAuthRuleClaim: stored.pubAuthRuleClaim ?? '',
    subAuthRuleClaim: stored.subAuthRuleClaim ?? '',
  };
}

function verifierOf(values: JwtFormValues): JwtAuthProviderConfiguration['jwtVerifierConfiguration'] {
  switch (values.verifier) {
    case 'HMAC_BASED':
      return { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret: values.secret } };
    case 'PEM_KEY':
      return {
        jwtVerifierType: 'ALGORITHM_BASED',
        jwtSignAlgorithmConfiguration: { algorithm: 'PEM_KEY', publicPemKey: values.publicPemKey, publicPemKeyFileName: values.publicPemKeyFileName || null },
      };
    case 'JWKS':
      return {
        jwtVerifierType: 'JWKS',
        endpoint: values.endpoint.trim(),
        headers: mapOf(values.jwksHeaders),
        refreshInterval: Number(values.refreshInterval),
        credentials: outgoingCredentialsOf(values.jwksCredentials),
      };
  }
}

export function jwtConfigurationOf(values: JwtFormValues): JwtAuthProviderConfiguration {
  return {
    type: 'JWT',
    defaultClientType: values.defaultClientType,
    jwtVerifierConfiguration: verifierOf(values),
    authClaims: mapOf(values.authClaims),
    clientTypeClaims: mapOf(values.clientTypeClaims),
    authRules: authRulesOf(values.rules),
    pubAuthRuleClaim: values.pubAuthRuleClaim.trim() || null,
    subAuthRuleClaim: values.subAuthRuleClaim.trim() || null,
  };
}

function secretProblem(secret: string): FieldProblem | undefined {
  const bytes = new TextEncoder().encode(secret).length;
  if (bytes < MIN_HMAC_SECRET_BYTES) return { id: 'auth-provider.secret-too-short', values: { min: MIN_HMAC_SECRET_BYTES, bytes } };
  return tooLong(secret, 1024);
}

function pemProblem(pem: string): FieldProblem | undefined {
  const required = requiredText(pem, 16384);
  if (required) return required;
  return /-----BEGIN [A-Z ]*PUBLIC KEY-----[\s\S]+-----END [A-Z ]*PUBLIC KEY-----/.test(pem) ? undefined : { id: 'auth-provider.pem-invalid' };
}

export function jwtProblems(values: JwtFormValues) {
  const verifier =
    values.verifier === 'HMAC_BASED'
      ? { secret: secretProblem(values.secret) }
      : values.verifier === 'PEM_KEY'
        ? { publicPemKey: pemProblem(values.publicPemKey), publicPemKeyFileName: tooLong(values.publicPemKeyFileName, 255) }
        : {
            endpoint: httpUrlProblem(values.endpoint),
            headers: checkPairs(values.jwksHeaders).problem,
            refreshInterval: integerProblem(values.refreshInterval, MIN_JWKS_REFRESH_SECONDS),
            ...outgoingCredentialsProblems(values.jwksCredentials),
          };
  return withoutEmpty({
    ...verifier,
    authClaims: checkPairs(values.authClaims).problem,
    clientTypeClaims: checkPairs(values.clientTypeClaims).problem,
    ...rulesProblems(values.rules),
    pubAuthRuleClaim: tooLong(values.pubAuthRuleClaim, 255),
    subAuthRuleClaim: tooLong(values.subAuthRuleClaim, 255),
  });
}
