import { createHmac, randomBytes } from 'node:crypto';
import { patternError } from '../../credentials/topic-rules.js';
import type { AuthRules } from '../../credentials/client-credentials.js';
import type { HttpProviderConfiguration, ProviderClientType } from '../auth-provider.js';
import { basicAuthorization, boundedText, describeError } from '../outgoing-http.js';

/** Who is connecting, as the request body template names it. */
export interface HttpAuthContext {
  clientId: string;
  username?: string;
  password?: string;
  commonName?: string;
}

export type HttpAuthDecision =
  | { status: 'SUCCESS'; clientType: ProviderClientType; authRules: AuthRules }
  /** The service said no: the client is refused, no other provider is asked. */
  | { status: 'FAILURE'; reason: string }
  /** The service does not decide for this client (or, with fallback SKIP, could not be asked): the next provider is. */
  | { status: 'SKIPPED'; reason: string };

/** Answers kept at most, whatever cacheTtlSeconds says: the cache is keyed by what clients send. */
export const MAX_CACHED_ANSWERS = 10_000;
/** A rule list a service answers is bounded like the ones operators save. */
const MAX_ANSWERED_PATTERNS = 1000;

/** Substitutes the template's placeholders, each value written as the inside of a JSON string: a quote in a password stays a quote. */
export function requestBodyFor(template: string, context: HttpAuthContext): string {
  const values: Record<string, string> = {
    clientId: context.clientId,
    username: context.username ?? '',
    password: context.password ?? '',
    commonName: context.commonName ?? '',
  };
  return template.replace(/\$\{(clientId|username|password|commonName)\}/g, (_whole, name: string) => JSON.stringify(values[name] ?? '').slice(1, -1));
}

function answeredRules(value: unknown, fallback: AuthRules): AuthRules {
  if (typeof value !== 'object' || value === null) return fallback;
  const list = (patterns: unknown, otherwise: string[]): string[] => {
    if (!Array.isArray(patterns) || patterns.length > MAX_ANSWERED_PATTERNS) return otherwise;
    const texts = patterns.filter((pattern): pattern is string => typeof pattern === 'string');
    // One pattern the broker cannot run makes the whole list fall back to the configured one.
    return texts.length === patterns.length && texts.every((pattern) => patternError(pattern) === undefined) ? texts : otherwise;
  };
  const rules = value as { pubAuthRulePatterns?: unknown; subAuthRulePatterns?: unknown };
  return { pubAuthRulePatterns: list(rules.pubAuthRulePatterns, fallback.pubAuthRulePatterns), subAuthRulePatterns: list(rules.subAuthRulePatterns, fallback.subAuthRulePatterns) };
}

/**
 * The HTTP provider's question to the outside service (TBMQ 2.3's HTTP provider): the request body
 * template filled in, a 2xx answer read as `{result, clientType, authRules}` (an empty one lets the
 * client in with the defaults; result FAILURE refuses it, SKIPPED hands it on). A service that does
 * not answer in time, answers 5xx or cannot be reached is "down": the configured fallback decides
 * (SKIP, as TBMQ: the next provider; REFUSE; ALLOW: in with the defaults). Definite answers are kept
 * cacheTtlSeconds, keyed by a keyed hash of what the client sent, so no password sits in memory.
 */
export class HttpAuthCheck {
  private inFlight = 0;
  private readonly cache = new Map<string, { decision: HttpAuthDecision; until: number }>();
  private readonly cacheKey = randomBytes(32);
  private readonly closing = new AbortController();

  constructor(
    private readonly configuration: HttpProviderConfiguration,
    private readonly sources: { fetch: typeof fetch; now: () => number } = { fetch, now: Date.now },
  ) {}

  async decide(context: HttpAuthContext): Promise<HttpAuthDecision> {
    const key = this.keyOf(context);
    const cached = this.cache.get(key);
    if (cached && cached.until > this.sources.now()) return cached.decision;
    if (cached) this.cache.delete(key);
    if (this.inFlight >= this.configuration.maxParallelRequestsCount) return this.fallback('too many requests are waiting for the HTTP service');
    this.inFlight += 1;
    try {
      const response = await this.ask(context);
      if (response.status >= 500) return this.fallback(`the HTTP service answered ${response.status}`);
      if (response.status < 200 || response.status >= 300) {
        // As TBMQ: an answer other than 2xx is no decision; the next provider is asked.
        await response.body?.cancel();
        return { status: 'SKIPPED', reason: `the HTTP service answered ${response.status}` };
      }
      return this.remember(key, this.readAnswer(await boundedText(response, this.configuration.maxInMemoryBufferSizeInKb * 1024)));
    } catch (error) {
      return this.fallback(this.closing.signal.aborted ? 'the provider was changed' : describeError(error));
    } finally {
      this.inFlight -= 1;
    }
  }

  /** TBMQ's connection check: a HEAD request that must answer 2xx within 15 s. */
  async checkConnection(): Promise<void> {
    const response = await this.sources.fetch(this.configuration.restEndpointUrl, {
      method: 'HEAD',
      headers: this.headers(),
      redirect: 'manual',
      signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(15_000)]),
    });
    if (response.status < 200 || response.status >= 300) throw new Error(`the HTTP service answered ${response.status}`);
  }

  close(): void {
    this.closing.abort();
    this.cache.clear();
  }

  private headers(): Headers {
    const headers = new Headers(this.configuration.headers);
    const { credentials } = this.configuration;
    if (credentials.type === 'basic') headers.set('Authorization', basicAuthorization(credentials.username, credentials.password));
    return headers;
  }

  private ask(context: HttpAuthContext): Promise<Response> {
    const { restEndpointUrl, requestMethod, requestBody, readTimeoutMs } = this.configuration;
    const body = requestBodyFor(requestBody, context);
    const signal = AbortSignal.any([this.closing.signal, AbortSignal.timeout(readTimeoutMs)]);
    if (requestMethod !== 'GET') return this.sources.fetch(restEndpointUrl, { method: requestMethod, headers: this.headers(), body, redirect: 'manual', signal });
    // GET carries the template's fields as query parameters (TBMQ's way), the body being JSON.
    const url = new URL(restEndpointUrl);
    try {
      for (const [name, value] of Object.entries(JSON.parse(body) as Record<string, unknown>)) url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    } catch {
      throw new Error('the request body template is not a JSON object, which GET needs for its query');
    }
    return this.sources.fetch(url, { method: 'GET', headers: this.headers(), redirect: 'manual', signal });
  }

  private readAnswer(text: string): HttpAuthDecision {
    const defaults = { status: 'SUCCESS' as const, clientType: this.configuration.defaultClientType, authRules: this.configuration.authRules };
    if (text.trim() === '') return defaults;
    let answer: { result?: unknown; clientType?: unknown; authRules?: unknown };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      return { status: 'SKIPPED', reason: 'the HTTP service answered something that is not JSON' };
    }
    if (answer === null || typeof answer !== 'object') return defaults;
    const result = typeof answer.result === 'string' ? answer.result.toUpperCase() : 'SUCCESS';
    if (result === 'FAILURE') return { status: 'FAILURE', reason: 'the HTTP service refused the client' };
    if (result !== 'SUCCESS') return { status: 'SKIPPED', reason: 'the HTTP service does not decide for this client' };
    const type = typeof answer.clientType === 'string' ? answer.clientType.toUpperCase() : '';
    const clientType = type === 'DEVICE' || type === 'APPLICATION' ? type : this.configuration.defaultClientType;
    return { status: 'SUCCESS', clientType, authRules: answeredRules(answer.authRules, this.configuration.authRules) };
  }

  private fallback(why: string): HttpAuthDecision {
    const fallback = this.configuration.fallback ?? 'SKIP';
    if (fallback === 'ALLOW') return { status: 'SUCCESS', clientType: this.configuration.defaultClientType, authRules: this.configuration.authRules };
    if (fallback === 'REFUSE') return { status: 'FAILURE', reason: `HTTP service unavailable (${why})` };
    return { status: 'SKIPPED', reason: `HTTP service unavailable (${why})` };
  }

  private keyOf(context: HttpAuthContext): string {
    return createHmac('sha256', this.cacheKey).update(JSON.stringify([context.clientId, context.username, context.password, context.commonName])).digest('base64url');
  }

  private remember(key: string, decision: HttpAuthDecision): HttpAuthDecision {
    const ttl = this.configuration.cacheTtlSeconds ?? 0;
    if (ttl > 0 && decision.status !== 'SKIPPED') {
      if (this.cache.size >= MAX_CACHED_ANSWERS) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, { decision, until: this.sources.now() + ttl * 1000 });
    }
    return decision;
  }
}
