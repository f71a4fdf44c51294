import { basicAuthorization, boundedText, describeError } from '../outgoing-http.js';
import { type JwtVerifierConfiguration, JWKS_MIN_REFRESH_SECONDS } from './jwt-configuration.js';
import { type JsonWebKeyEntry, readJsonWebKey } from './jwt-public-keys.js';

type JwksConfiguration = Extract<JwtVerifierConfiguration, { jwtVerifierType: 'JWKS' }>;

/** A JWKS endpoint that does not answer in this time counts as down. */
export const JWKS_FETCH_TIMEOUT_MS = 10_000;
/** Larger answers are refused unread: a real set of a few keys is a few KiB. */
export const MAX_JWKS_BYTES = 256 * 1024;
const MAX_KEYS = 100;
/**
 * Tokens naming a kid the set lacks make the broker fetch the set again at once (the issuer has
 * rotated its keys), but never more often than this: anyone can send tokens with made-up kids, and
 * a flood of them must not become a flood of requests to the JWKS server. Failed fetches are spaced alike.
 */
export const JWKS_REFETCH_SPACING_MS = 30_000;
/** While the endpoint is down, the last good set keeps being used this long past its refresh time (TBMQ's outage tolerance). */
export const JWKS_OUTAGE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

export interface JwksSources {
  now: () => number;
  fetch: typeof fetch;
}

export type KeySelection = { keys: JsonWebKeyEntry[] } | { problem: string };

/** The usable keys of a JWK set document (RFC 7517 §5); throws when the document is not a set. */
function parseKeySet(text: string): JsonWebKeyEntry[] {
  const document: unknown = JSON.parse(text);
  const keys = typeof document === 'object' && document !== null ? (document as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys)) throw new Error('the answer is not a JWK set');
  if (keys.length > MAX_KEYS) throw new Error(`the JWK set has more than ${MAX_KEYS} keys`);
  return keys.map(readJsonWebKey).filter((entry) => entry !== undefined);
}

/**
 * The keys of a JWKS endpoint, fetched on first use and kept for the refresh interval (at least
 * 300 s). An unknown kid fetches the set early, spaced by JWKS_REFETCH_SPACING_MS; a failed fetch
 * keeps the last good set. Concurrent verifications share one fetch.
 */
export class JwksKeySet {
  private keys: JsonWebKeyEntry[] | undefined;
  private fetchedAt = 0;
  private attemptedAt: number | undefined;
  private lastFailure = 'the JWK set has not been fetched';
  private pending: Promise<void> | undefined;
  private readonly closing = new AbortController();
  private readonly refreshMs: number;

  constructor(
    private readonly configuration: JwksConfiguration,
    private readonly sources: JwksSources,
  ) {
    this.refreshMs = Math.max(JWKS_MIN_REFRESH_SECONDS, configuration.refreshInterval ?? 0) * 1000;
  }

  /** The keys that may have signed a token with this kid (all keys when it has none). */
  async select(kid: string | undefined): Promise<KeySelection> {
    await this.refreshIfNeeded(kid);
    const now = this.sources.now();
    if (!this.keys || now - this.fetchedAt >= this.refreshMs + JWKS_OUTAGE_TOLERANCE_MS) {
      return { problem: `JWKS endpoint could not be read: ${this.lastFailure}.` };
    }
    return { keys: kid === undefined ? this.keys : this.keys.filter((entry) => entry.kid === kid) };
  }

  close(): void {
    this.closing.abort();
  }

  private async refreshIfNeeded(kid: string | undefined): Promise<void> {
    if (this.pending) return this.pending;
    const now = this.sources.now();
    const stale = !this.keys || now - this.fetchedAt >= this.refreshMs;
    const unknownKid = kid !== undefined && this.keys !== undefined && !this.keys.some((entry) => entry.kid === kid);
    const spaced = this.attemptedAt === undefined || now - this.attemptedAt >= JWKS_REFETCH_SPACING_MS;
    if (!(stale || unknownKid) || !spaced || this.closing.signal.aborted) return;
    this.attemptedAt = now;
    this.pending = this.fetchSet().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private requestHeaders(): Headers {
    const headers = new Headers({ Accept: 'application/jwk-set+json, application/json' });
    for (const [name, value] of Object.entries(this.configuration.headers ?? {})) headers.set(name, value);
    const credentials = this.configuration.credentials;
    // The credentials win over a configured Authorization header, as in TBMQ.
    if (credentials?.type === 'basic') {
      headers.set('Authorization', basicAuthorization(credentials.username, credentials.password));
    }
    return headers;
  }

  private async fetchSet(): Promise<void> {
    try {
      // Redirects are not followed: the operator named the endpoint, and a key set from elsewhere is not it.
      const response = await this.sources.fetch(this.configuration.endpoint, {
        headers: this.requestHeaders(),
        redirect: 'error',
        signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(JWKS_FETCH_TIMEOUT_MS)]),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`HTTP ${response.status}`);
      }
      this.keys = parseKeySet(await boundedText(response, MAX_JWKS_BYTES));
      this.fetchedAt = this.sources.now();
    } catch (error) {
      this.lastFailure = describeError(error);
    }
  }
}
