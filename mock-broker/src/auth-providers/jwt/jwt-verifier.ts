import { type CompactJws, readClaims, readCompactJws } from './compact-jws.js';
import { JwksKeySet } from './jwks-key-set.js';
import type { JwtProviderConfiguration } from './jwt-configuration.js';
import { jwtConfigurationProblems } from './jwt-configuration-problems.js';
import { type ConnectingClient, decideOnClaims } from './jwt-claims.js';
import { type JwtDecision, skipped } from './jwt-decision.js';
import { readPublicPem } from './jwt-public-keys.js';
import { type VerificationKey, algorithmMismatch, signatureMatches, unsupportedAlgorithm } from './jws-algorithms.js';

export interface JwtVerifierOptions {
  /** Milliseconds since the epoch; Date.now unless a test moves time itself. */
  now?: () => number;
  /** The fetch the JWKS endpoint is read with; the global one unless told. */
  fetch?: typeof fetch;
}

export interface JwtVerifier {
  /** The decision on the token a client sent as its MQTT password; never throws. */
  verify(token: string, client: ConnectingClient): Promise<JwtDecision>;
  /** Stops any fetch under way; later verifications are skipped. */
  close(): void;
}

/** Where the keys a token is checked with come from. */
interface KeySource {
  /** The keys to try for this token, or why there are none. */
  keysFor(jws: CompactJws): Promise<{ keys: VerificationKey[] } | { problem: string }>;
  close(): void;
}

function fixedKeySource(key: VerificationKey): KeySource {
  return {
    keysFor: async (jws) => {
      const mismatch = algorithmMismatch(jws.alg, key);
      return mismatch ? { problem: mismatch } : { keys: [key] };
    },
    close: () => undefined,
  };
}

function jwksKeySource(keySet: JwksKeySet): KeySource {
  return {
    keysFor: async (jws) => {
      // An unsigned token is refused before the endpoint is asked anything.
      const unsupported = unsupportedAlgorithm(jws.alg);
      if (unsupported) return { problem: unsupported };
      const selection = await keySet.select(jws.kid);
      if ('problem' in selection) return selection;
      const keys = selection.keys
        .filter((entry) => entry.alg === undefined || entry.alg === jws.alg)
        .map((entry): VerificationKey => ({ publicKey: entry.key }))
        .filter((key) => algorithmMismatch(jws.alg, key) === undefined);
      return keys.length > 0 ? { keys } : { problem: 'No matching key found in JWKS for JWT verification.' };
    },
    close: () => keySet.close(),
  };
}

/** The configured key source, or why the configuration gives none. */
function keySourceOf(configuration: JwtProviderConfiguration, options: Required<JwtVerifierOptions>): KeySource | string {
  const verifier = configuration.jwtVerifierConfiguration;
  if (verifier.jwtVerifierType === 'JWKS') return jwksKeySource(new JwksKeySet(verifier, options));
  const algorithm = verifier.jwtSignAlgorithmConfiguration;
  if (algorithm.algorithm === 'HMAC_BASED') return fixedKeySource({ secret: Buffer.from(algorithm.secret, 'utf8') });
  const reading = readPublicPem(algorithm.publicPemKey);
  return 'problem' in reading ? `the public PEM key ${reading.problem}` : fixedKeySource({ publicKey: reading.key });
}

/** A verifier that admits nobody, for a configuration that cannot be used. */
function refusingVerifier(reason: string): JwtVerifier {
  return { verify: async () => skipped(reason), close: () => undefined };
}

/**
 * The JWT provider's check of a CONNECT: the password is a signed JWT, verified with the configured
 * HMAC secret, PEM public key or JWKS endpoint, whose claims then decide (jwt-claims.ts). A
 * configuration with problems gives a verifier that skips every client, naming the first problem,
 * so that a stored configuration gone bad never stops the broker.
 */
export function createJwtVerifier(configuration: JwtProviderConfiguration, options: JwtVerifierOptions = {}): JwtVerifier {
  const problem = jwtConfigurationProblems(configuration)[0];
  if (problem) return refusingVerifier(`JWT provider configuration is not valid: ${problem.field} ${problem.message}.`);
  const sources = { now: options.now ?? Date.now, fetch: options.fetch ?? globalThis.fetch };
  const source = keySourceOf(configuration, sources);
  if (typeof source === 'string') return refusingVerifier(`JWT provider configuration is not valid: ${source}.`);
  const keySource: KeySource = source;
  let closed = false;

  async function decide(token: string, client: ConnectingClient): Promise<JwtDecision> {
    if (token === '') return skipped('Failed to fetch JWT authentication token from password.');
    const reading = readCompactJws(token);
    if ('problem' in reading) return skipped(reading.problem);
    const { jws } = reading;
    const found = await keySource.keysFor(jws);
    if ('problem' in found) return skipped(found.problem);
    if (!found.keys.some((key) => signatureMatches(jws.alg, key, jws.signingInput, jws.signature))) {
      return skipped('JWT signature validation failed.');
    }
    const claims = readClaims(jws);
    if (!claims) return skipped('JWT claims are not a JSON object.');
    return decideOnClaims(configuration, claims, client, sources.now());
  }

  return {
    async verify(token, client) {
      if (closed) return skipped('JWT provider is closed.');
      try {
        return await decide(token, client);
      } catch (error) {
        return skipped(`JWT could not be verified: ${error instanceof Error ? error.message : String(error)}.`);
      }
    },
    close() {
      closed = true;
      keySource.close();
    },
  };
}
