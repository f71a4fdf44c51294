import crypto, { type KeyObject } from 'node:crypto';

/** What checks a signature: the HMAC secret's bytes, or a public key (jwt-public-keys.ts). */
export type VerificationKey = { secret: Buffer } | { publicKey: KeyObject };

type Hash = 'sha256' | 'sha384' | 'sha512';

/** A JWS algorithm (RFC 7518 §3.1; EdDSA from RFC 8037, Ed25519 its fully specified name from RFC 9864). */
type Algorithm =
  | { family: 'hmac'; hash: Hash; minimumSecretBytes: number }
  | { family: 'rsa'; hash: Hash; pss: boolean }
  | { family: 'ec'; hash: Hash; curve: string; signatureBytes: number }
  | { family: 'ed25519' };

// `none` is absent on purpose: an unsigned token never passes, whatever its header says.
const ALGORITHMS: ReadonlyMap<string, Algorithm> = new Map<string, Algorithm>([
  // RFC 7518 §3.2: the secret must be at least as long as the hash output.
  ['HS256', { family: 'hmac', hash: 'sha256', minimumSecretBytes: 32 }],
  ['HS384', { family: 'hmac', hash: 'sha384', minimumSecretBytes: 48 }],
  ['HS512', { family: 'hmac', hash: 'sha512', minimumSecretBytes: 64 }],
  ['RS256', { family: 'rsa', hash: 'sha256', pss: false }],
  ['RS384', { family: 'rsa', hash: 'sha384', pss: false }],
  ['RS512', { family: 'rsa', hash: 'sha512', pss: false }],
  ['PS256', { family: 'rsa', hash: 'sha256', pss: true }],
  ['PS384', { family: 'rsa', hash: 'sha384', pss: true }],
  ['PS512', { family: 'rsa', hash: 'sha512', pss: true }],
  // §3.4: R and S as fixed-size big-endian integers side by side (IEEE P1363), not DER.
  ['ES256', { family: 'ec', hash: 'sha256', curve: 'prime256v1', signatureBytes: 64 }],
  ['ES384', { family: 'ec', hash: 'sha384', curve: 'secp384r1', signatureBytes: 96 }],
  ['ES512', { family: 'ec', hash: 'sha512', curve: 'secp521r1', signatureBytes: 132 }],
  ['EdDSA', { family: 'ed25519' }],
  ['Ed25519', { family: 'ed25519' }],
]);

function familyOf(key: VerificationKey): { family: Algorithm['family']; curve?: string } | undefined {
  if ('secret' in key) return { family: 'hmac' };
  const type = key.publicKey.asymmetricKeyType;
  if (type === 'rsa') return { family: 'rsa' };
  if (type === 'ec') return { family: 'ec', curve: key.publicKey.asymmetricKeyDetails?.namedCurve };
  if (type === 'ed25519') return { family: 'ed25519' };
  return undefined;
}

/** Why no key could check a token with this algorithm, or undefined when it is one the broker knows. */
export function unsupportedAlgorithm(alg: string): string | undefined {
  if (ALGORITHMS.has(alg)) return undefined;
  return alg.toLowerCase() === 'none' ? 'Unsigned JWT (alg none) is not accepted.' : `JWT algorithm ${alg} is not supported.`;
}

/**
 * Why the token's algorithm cannot be checked with this key, or undefined when it can. The header
 * names the algorithm, but the key decides which ones are acceptable: an RSA public key used as an
 * HMAC secret, or an ES256 token against a P-384 key, is refused rather than tried.
 */
export function algorithmMismatch(alg: string, key: VerificationKey): string | undefined {
  const algorithm = ALGORITHMS.get(alg);
  if (!algorithm) return unsupportedAlgorithm(alg);
  const keyFamily = familyOf(key);
  if (!keyFamily || keyFamily.family !== algorithm.family) return `JWT algorithm ${alg} does not fit the verification key.`;
  if (algorithm.family === 'ec' && keyFamily.curve !== algorithm.curve) return `JWT algorithm ${alg} does not fit the verification key's curve.`;
  if (algorithm.family === 'hmac' && 'secret' in key && key.secret.length < algorithm.minimumSecretBytes) {
    return `JWT algorithm ${alg} needs a secret of at least ${algorithm.minimumSecretBytes} bytes.`;
  }
  return undefined;
}

/** Whether the signature is the key's over the signing input; call only when algorithmMismatch found none. */
export function signatureMatches(alg: string, key: VerificationKey, signingInput: Buffer, signature: Buffer): boolean {
  const algorithm = ALGORITHMS.get(alg);
  if (!algorithm) return false;
  if (algorithm.family === 'hmac') {
    if (!('secret' in key)) return false;
    const expected = crypto.createHmac(algorithm.hash, key.secret).update(signingInput).digest();
    // Constant time, so that the time taken tells nothing about how much of a forged MAC was right.
    return signature.length === expected.length && crypto.timingSafeEqual(signature, expected);
  }
  if (!('publicKey' in key)) return false;
  try {
    if (algorithm.family === 'rsa') {
      const padding = algorithm.pss
        ? { padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: crypto.constants.RSA_PSS_SALTLEN_DIGEST }
        : { padding: crypto.constants.RSA_PKCS1_PADDING };
      return crypto.verify(algorithm.hash, signingInput, { key: key.publicKey, ...padding }, signature);
    }
    if (algorithm.family === 'ec') {
      if (signature.length !== algorithm.signatureBytes) return false;
      return crypto.verify(algorithm.hash, signingInput, { key: key.publicKey, dsaEncoding: 'ieee-p1363' }, signature);
    }
    return crypto.verify(null, signingInput, key.publicKey, signature);
  } catch {
    // OpenSSL refuses some malformed signatures outright instead of answering false.
    return false;
  }
}
