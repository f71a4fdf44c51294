import crypto, { type KeyObject } from 'node:crypto';

// Signed JWTs made the way an issuer makes them (RFC 7515 compact serialization, RFC 7518 algorithms),
// with node:crypto only, for tests of the broker's JWT provider.

export type SigningKey = string | KeyObject;

const HASHES: Record<string, string> = { '256': 'sha256', '384': 'sha384', '512': 'sha512' };

function hashOf(alg: string): string {
  const hash = HASHES[alg.slice(2)];
  if (!hash) throw new Error(`no hash for ${alg}`);
  return hash;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** The signature `alg` makes over the input with the key (an HMAC secret as text, else a private key). */
export function signature(alg: string, key: SigningKey, input: string): Buffer {
  if (typeof key === 'string') return crypto.createHmac(hashOf(alg), key).update(input).digest();
  if (alg === 'EdDSA' || alg === 'Ed25519') return crypto.sign(null, Buffer.from(input), key);
  if (alg.startsWith('ES')) return crypto.sign(hashOf(alg), Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  const padding = alg.startsWith('PS')
    ? { padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: crypto.constants.RSA_PSS_SALTLEN_DIGEST }
    : { padding: crypto.constants.RSA_PKCS1_PADDING };
  return crypto.sign(hashOf(alg), Buffer.from(input), { key, ...padding });
}

/** A compact JWS of the claims; `header` adds to (or overrides) { alg, typ: 'JWT' }. */
export function signJwt(claims: Record<string, unknown>, alg: string, key: SigningKey, header: Record<string, unknown> = {}): string {
  const input = `${base64url({ alg, typ: 'JWT', ...header })}.${base64url(claims)}`;
  return `${input}.${signature(alg, key, input).toString('base64url')}`;
}

/** A token with alg none and no signature, as an attacker would send one. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

export function publicPem(privateKey: KeyObject): string {
  return crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
}

/** The public JWK of a private key, as a JWKS endpoint publishes it. */
export function publicJwk(privateKey: KeyObject, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...crypto.createPublicKey(privateKey).export({ format: 'jwk' }), use: 'sig', ...extra };
}

/** Seconds since the epoch, as JWT time claims are written. */
export function seconds(milliseconds: number): number {
  return Math.floor(milliseconds / 1000);
}
