import crypto, { type KeyObject } from 'node:crypto';
import { JWT_CONFIGURATION_LIMITS } from './jwt-configuration.js';

/** The curves JWS defines ECDSA on (RFC 7518 §3.4: P-256, P-384, P-521), by the names Node gives them. */
const JWS_CURVES: ReadonlySet<string> = new Set(['prime256v1', 'secp384r1', 'secp521r1']);

export type KeyReading = { key: KeyObject } | { problem: string };

const PRIVATE_KEY_LABEL = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

/**
 * Why a public key cannot check JWT signatures: only RSA (2048 bits or more), EC on a JWS curve and
 * Ed25519 keys can, as TBMQ's PEM option accepts (RSA, EC, Ed25519).
 */
export function publicKeyProblem(key: KeyObject): string | undefined {
  const type = key.asymmetricKeyType;
  if (type === 'rsa') {
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    return bits < JWT_CONFIGURATION_LIMITS.minimumRsaBits ? `is an RSA key of ${bits} bits; at least ${JWT_CONFIGURATION_LIMITS.minimumRsaBits} are needed` : undefined;
  }
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve ?? 'unknown';
    return JWS_CURVES.has(curve) ? undefined : `is an EC key on curve ${curve}; only P-256, P-384 and P-521 are supported`;
  }
  if (type === 'ed25519') return undefined;
  return `is a ${type ?? 'secret'} key; only RSA, EC or Ed25519 public keys are supported`;
}

/**
 * The public key of a PEM text (a public key or a certificate). A private key is refused rather than
 * reduced to its public half: it must not sit in a provider's configuration, which the console shows.
 */
export function readPublicPem(pem: string): KeyReading {
  if (PRIVATE_KEY_LABEL.test(pem)) return { problem: 'is a private key; give the public key only' };
  let key: KeyObject;
  try {
    key = crypto.createPublicKey({ key: pem, format: 'pem' });
  } catch {
    return { problem: 'is not a PEM public key' };
  }
  const problem = publicKeyProblem(key);
  return problem ? { problem } : { key };
}

/** A key of a JWK set the broker may check signatures with. */
export interface JsonWebKeyEntry {
  key: KeyObject;
  kid?: string;
  /** The JWS algorithm the set restricts the key to, if it does. */
  alg?: string;
}

const PUBLIC_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  RSA: ['n', 'e'],
  EC: ['crv', 'x', 'y'],
  OKP: ['crv', 'x'],
};

function optionalText(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && value.length <= 256 ? value : null;
}

/**
 * One member of a JWK set's `keys`, if it is a public signature key the broker accepts (RFC 7517):
 * symmetric keys (`oct`) are never taken from a set anyone can read, keys for encryption only and
 * keys with private members are passed over, and only the public members reach the key parser.
 */
export function readJsonWebKey(member: unknown): JsonWebKeyEntry | undefined {
  if (typeof member !== 'object' || member === null || Array.isArray(member)) return undefined;
  const fields = member as Record<string, unknown>;
  const kty = typeof fields.kty === 'string' ? fields.kty : '';
  const names = Object.hasOwn(PUBLIC_MEMBERS, kty) ? PUBLIC_MEMBERS[kty] : undefined;
  if (!names || 'd' in fields) return undefined;
  if (fields.use !== undefined && fields.use !== 'sig') return undefined;
  if (fields.key_ops !== undefined && !(Array.isArray(fields.key_ops) && fields.key_ops.includes('verify'))) return undefined;
  const kid = optionalText(fields.kid);
  const alg = optionalText(fields.alg);
  if (kid === null || alg === null) return undefined;
  const jwk: Record<string, string> = { kty };
  for (const name of names) {
    const value = fields[name];
    if (typeof value !== 'string') return undefined;
    jwk[name] = value;
  }
  let key: KeyObject;
  try {
    key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return undefined;
  }
  if (publicKeyProblem(key)) return undefined;
  return { key, ...(kid === undefined ? {} : { kid }), ...(alg === undefined ? {} : { alg }) };
}
