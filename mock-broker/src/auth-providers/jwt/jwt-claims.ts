import { patternError } from '../../credentials/topic-rules.js';
import { type ClientType, type JwtAuthRules, type JwtProviderConfiguration, effectiveClientType, otherClientType } from './jwt-configuration.js';
import { type JwtDecision, skipped } from './jwt-decision.js';

/** Patterns a token may carry in a rule claim; more make the claim malformed (the defaults apply). */
const MAX_CLAIM_PATTERNS = 100;
const MAX_CLAIM_PATTERN_LENGTH = 1024;

export interface ConnectingClient {
  clientId: string;
  username?: string;
}

/**
 * A claim as text, as TBMQ compares claims: a string as it is, a number or boolean in its JSON form
 * (`42`, `true`); objects, lists and absent claims have no text form and so never match.
 */
function claimText(claims: Record<string, unknown>, name: string): string | undefined {
  if (!Object.hasOwn(claims, name)) return undefined;
  const value = claims[name];
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return undefined;
}

function expectedText(expected: string, client: ConnectingClient): string | undefined {
  if (expected === '${username}') return client.username;
  if (expected === '${clientId}') return client.clientId;
  return expected;
}

/**
 * Every configured claim has its value. Unlike TBMQ, where a missing claim equals a missing username,
 * an absent side never matches: "${username}" cannot be met by a client that sends none.
 */
function authClaimsMatch(configured: Record<string, string>, claims: Record<string, unknown>, client: ConnectingClient): boolean {
  return Object.entries(configured).every(([name, expected]) => {
    const actual = claimText(claims, name);
    return actual !== undefined && actual === expectedText(expected, client);
  });
}

/** The other client type than the default when every clientTypeClaims entry matches (none configured: the default). */
function clientTypeOf(configuration: JwtProviderConfiguration, claims: Record<string, unknown>): ClientType {
  const defaultType = effectiveClientType(configuration);
  const entries = Object.entries(configuration.clientTypeClaims ?? {});
  if (entries.length === 0) return defaultType;
  return entries.every(([name, value]) => claimText(claims, name) === value) ? otherClientType(defaultType) : defaultType;
}

/** The patterns of a rule claim, or undefined when the claim is absent or not a list of valid, bounded patterns. */
function claimPatterns(claims: Record<string, unknown>, claim: string | null | undefined): string[] | undefined {
  if (!claim || claim.trim() === '' || !Object.hasOwn(claims, claim)) return undefined;
  const value = claims[claim];
  if (!Array.isArray(value) || value.length > MAX_CLAIM_PATTERNS) return undefined;
  const valid = value.every((pattern) => typeof pattern === 'string' && pattern.length <= MAX_CLAIM_PATTERN_LENGTH && patternError(pattern) === undefined);
  return valid ? (value as string[]) : undefined;
}

/** The configured rules, where a rule claim the token carries well-formed replaces its list; a malformed one is ignored. */
function authRulesOf(configuration: JwtProviderConfiguration, claims: Record<string, unknown>): JwtAuthRules {
  const defaults = configuration.authRules;
  return {
    pubAuthRulePatterns: claimPatterns(claims, configuration.pubAuthRuleClaim) ?? [...(defaults?.pubAuthRulePatterns ?? [])],
    subAuthRulePatterns: claimPatterns(claims, configuration.subAuthRuleClaim) ?? [...(defaults?.subAuthRulePatterns ?? [])],
  };
}

/** A NumericDate claim (RFC 7519 §2) in milliseconds; null when present but not a number. */
function numericDate(claims: Record<string, unknown>, name: string): number | undefined | null {
  if (!Object.hasOwn(claims, name)) return undefined;
  const value = claims[name];
  return typeof value === 'number' && Number.isFinite(value) ? value * 1000 : null;
}

/**
 * The decision on a token whose signature is valid. Time claims are held to the second with no
 * allowance for clock skew, as TBMQ does; a token is expired from the instant of its exp on
 * (RFC 7519 §4.1.4: "on or after"), and not valid before its nbf (§4.1.5).
 */
export function decideOnClaims(configuration: JwtProviderConfiguration, claims: Record<string, unknown>, client: ConnectingClient, now: number): JwtDecision {
  const expiresAt = numericDate(claims, 'exp');
  const notBefore = numericDate(claims, 'nbf');
  if (expiresAt === null || notBefore === null) return skipped('JWT exp or nbf claim is not a number.');
  if (expiresAt !== undefined && now >= expiresAt) return skipped('JWT token is expired.');
  if (notBefore !== undefined && now < notBefore) return skipped('JWT token not valid yet.');
  if (!authClaimsMatch(configuration.authClaims ?? {}, claims, client)) return skipped('Failed to validate JWT auth claims.');
  return {
    status: 'SUCCESS',
    clientType: clientTypeOf(configuration, claims),
    authRules: authRulesOf(configuration, claims),
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
}
