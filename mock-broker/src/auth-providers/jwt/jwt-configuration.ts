// The JWT provider's configuration in TBMQ 2.3's JSON shape (the `configuration` of an MQTT
// authentication provider of type JWT), with the bounds Starling puts on it.

export type ClientType = 'DEVICE' | 'APPLICATION';

export interface JwtAuthRules {
  pubAuthRulePatterns: string[];
  subAuthRulePatterns: string[];
}

export type JwtSignAlgorithmConfiguration =
  | { algorithm: 'HMAC_BASED'; secret: string }
  | { algorithm: 'PEM_KEY'; publicPemKeyFileName: string; publicPemKey: string };

export type ClientCredentialsForFetch = { type: 'anonymous' } | { type: 'basic'; username: string; password: string };

export type JwtVerifierConfiguration =
  | { jwtVerifierType: 'ALGORITHM_BASED'; jwtSignAlgorithmConfiguration: JwtSignAlgorithmConfiguration }
  | {
      jwtVerifierType: 'JWKS';
      endpoint: string;
      headers?: Record<string, string>;
      /** Seconds the fetched key set is used before it is fetched again; at least 300 (JWKS_MIN_REFRESH_SECONDS). */
      refreshInterval?: number;
      credentials?: ClientCredentialsForFetch;
    };

export interface JwtProviderConfiguration {
  type: 'JWT';
  /** DEVICE when absent. */
  defaultClientType?: ClientType;
  jwtVerifierConfiguration: JwtVerifierConfiguration;
  /** Claim name to the value it must have; "${username}" and "${clientId}" stand for the CONNECT's. */
  authClaims?: Record<string, string>;
  /** When every one of these claims has its value, the client gets the other type than the default. */
  clientTypeClaims?: Record<string, string>;
  /** The publish and subscribe rules (regular expressions over the whole topic) unless a claim replaces them. */
  authRules?: JwtAuthRules;
  /** A claim holding a list of publish patterns that replaces authRules.pubAuthRulePatterns. */
  pubAuthRuleClaim?: string | null;
  /** A claim holding a list of subscribe patterns that replaces authRules.subAuthRulePatterns. */
  subAuthRuleClaim?: string | null;
}

/**
 * Bounds on the configuration (checked by jwt-configuration-problems.ts; the contract's maxLength and
 * maxItems are these). Patterns are bounded as every rule pattern is (openapi.yaml RulePattern).
 */
export const JWT_CONFIGURATION_LIMITS = {
  secretLength: 1024,
  /** HMAC secrets shorter than this many UTF-8 bytes are refused, as TBMQ does (RFC 7518 §3.2's bound for HS256). */
  minimumSecretBytes: 32,
  pemKeyLength: 16_384,
  fileNameLength: 255,
  endpointLength: 2048,
  headers: 32,
  headerNameLength: 256,
  headerValueLength: 4096,
  usernameLength: 255,
  passwordLength: 1024,
  /** A year: a key set kept longer than that is a mistake, not a setting. */
  maximumRefreshSeconds: 31_536_000,
  claims: 32,
  claimNameLength: 255,
  claimValueLength: 1024,
  patterns: 1000,
  patternLength: 1024,
  /** RFC 7518 §3.3: RSA keys of 2048 bits or more. */
  minimumRsaBits: 2048,
} as const;

/** TBMQ never refreshes a JWKS more often than every 5 minutes, whatever refreshInterval says. */
export const JWKS_MIN_REFRESH_SECONDS = 300;

export function effectiveClientType(configuration: JwtProviderConfiguration): ClientType {
  return configuration.defaultClientType ?? 'DEVICE';
}

export function otherClientType(clientType: ClientType): ClientType {
  return clientType === 'DEVICE' ? 'APPLICATION' : 'DEVICE';
}
