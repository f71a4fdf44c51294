import type { HttpAuthProviderConfiguration } from '../../../api/generated/model/httpAuthProviderConfiguration';
import type { KeyValuePair } from '../../../components/key-value-list/key-value-list-editor';
import { type AuthRuleLists, authRulesOf, ruleListsOf } from '../../../components/rule-patterns/rule-lists';
import { clientTypeChoiceOf, type ProviderClientTypeChoice } from './client-type-choice';
import { checkPairs, httpUrlProblem, integerProblem, mapOf, pairsOf, rulesProblems, tooLong, withoutEmpty } from './field-checks';
import { type OutgoingCredentialsValues, outgoingCredentialsOf, outgoingCredentialsProblems, outgoingCredentialsValuesOf } from './outgoing-credentials-values';

export const HTTP_METHODS = ['GET', 'POST', 'PUT'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const HTTP_FALLBACKS = ['SKIP', 'REFUSE', 'ALLOW'] as const;
export type HttpFallback = (typeof HTTP_FALLBACKS)[number];

/** Starling's answer cache and fallback (extension httpAuthCache): present when the broker answers them. */
export interface HttpCacheValues {
  cacheTtlSeconds: string;
  fallback: HttpFallback;
}

export interface HttpFormValues {
  type: 'HTTP';
  restEndpointUrl: string;
  requestMethod: HttpMethod;
  headers: KeyValuePair[];
  requestBody: string;
  readTimeoutMs: string;
  maxParallelRequestsCount: string;
  maxInMemoryBufferSizeInKb: string;
  defaultClientType: ProviderClientTypeChoice;
  rules: AuthRuleLists;
  credentials: OutgoingCredentialsValues;
  /** Undefined on a broker that stores no answer cache (TBMQ): the fields are not shown or sent. */
  cache?: HttpCacheValues;
  /** Anything a broker stores beyond these fields, sent back as stored. */
  stored: HttpAuthProviderConfiguration;
}

export function httpFormValuesOf(stored: HttpAuthProviderConfiguration): HttpFormValues {
  return {
    type: 'HTTP',
    restEndpointUrl: stored.restEndpointUrl ?? '',
    requestMethod: stored.requestMethod ?? 'POST',
    headers: pairsOf(stored.headers),
    requestBody: stored.requestBody ?? '',
    readTimeoutMs: String(stored.readTimeoutMs ?? 5000),
    maxParallelRequestsCount: String(stored.maxParallelRequestsCount ?? 100),
    maxInMemoryBufferSizeInKb: String(stored.maxInMemoryBufferSizeInKb ?? 256),
    defaultClientType: clientTypeChoiceOf(stored.defaultClientType),
    rules: ruleListsOf(stored.authRules),
    credentials: outgoingCredentialsValuesOf(stored.credentials),
    ...(stored.cacheTtlSeconds !== undefined || stored.fallback !== undefined
      ? { cache: { cacheTtlSeconds: String(stored.cacheTtlSeconds ?? 0), fallback: stored.fallback ?? 'SKIP' } }
      : {}),
    stored,
  };
}

export function httpConfigurationOf(values: HttpFormValues): HttpAuthProviderConfiguration {
  return {
    ...values.stored,
    type: 'HTTP',
    restEndpointUrl: values.restEndpointUrl.trim(),
    requestMethod: values.requestMethod,
    credentials: outgoingCredentialsOf(values.credentials),
    headers: mapOf(values.headers),
    requestBody: values.requestBody,
    readTimeoutMs: Number(values.readTimeoutMs),
    maxParallelRequestsCount: Number(values.maxParallelRequestsCount),
    maxInMemoryBufferSizeInKb: Number(values.maxInMemoryBufferSizeInKb),
    defaultClientType: values.defaultClientType,
    authRules: authRulesOf(values.rules),
    ...(values.cache ? { cacheTtlSeconds: Number(values.cache.cacheTtlSeconds), fallback: values.cache.fallback } : {}),
  };
}

export function httpProblems(values: HttpFormValues) {
  return withoutEmpty({
    restEndpointUrl: httpUrlProblem(values.restEndpointUrl),
    headers: checkPairs(values.headers).problem,
    requestBody: tooLong(values.requestBody, 16384),
    // A service that may never answer would hold every CONNECT; 1 ms is the least that means a wait.
    readTimeoutMs: integerProblem(values.readTimeoutMs, 1),
    maxParallelRequestsCount: integerProblem(values.maxParallelRequestsCount, 1),
    maxInMemoryBufferSizeInKb: integerProblem(values.maxInMemoryBufferSizeInKb, 1),
    cacheTtlSeconds: values.cache ? integerProblem(values.cache.cacheTtlSeconds, 0, 86_400) : undefined,
    ...rulesProblems(values.rules),
    ...outgoingCredentialsProblems(values.credentials),
  });
}
