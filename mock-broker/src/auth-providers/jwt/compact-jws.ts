// Reading a JWT in the JWS compact serialization (RFC 7515 §7.1): BASE64URL(header) "." BASE64URL(payload)
// "." BASE64URL(signature). The token arrives from any client that connects, before anything is
// verified, so every part is bounded before it is decoded or parsed.

/** Longer tokens are refused unread; real ones are well under 2 KiB. */
export const MAX_TOKEN_LENGTH = 8192;
const MAX_HEADER_BYTES = 1024;
const MAX_CLAIMS_BYTES = 6144;
const MAX_KID_LENGTH = 256;

// Empty matches too: an unsigned token's signature part is empty, and it is refused for its alg, by name.
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export interface CompactJws {
  alg: string;
  kid?: string;
  /** The ASCII of header "." payload, which the signature covers. */
  signingInput: Buffer;
  signature: Buffer;
  encodedClaims: string;
}

export type JwsReading = { jws: CompactJws } | { problem: string };

/** Base64url without padding, as JWS writes it; undefined for anything else (a length of 4n+1 is never one). */
function decodeBase64url(text: string): Buffer | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  return Buffer.from(text, 'base64url');
}

function jsonObject(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function readCompactJws(token: string): JwsReading {
  if (token.length > MAX_TOKEN_LENGTH) return { problem: `JWT is longer than ${MAX_TOKEN_LENGTH} characters.` };
  const parts = token.split('.');
  // Five parts would be a JWE (RFC 7516), which carries no signature the broker could check.
  if (parts.length !== 3) return { problem: 'JWT is not a signed token in compact form (three base64url parts).' };
  const [encodedHeader, encodedClaims, encodedSignature] = parts as [string, string, string];
  const headerBytes = decodeBase64url(encodedHeader);
  const signature = decodeBase64url(encodedSignature);
  if (!headerBytes || !signature || !BASE64URL.test(encodedClaims) || encodedClaims.length % 4 === 1) {
    return { problem: 'JWT is not a signed token in compact form (three base64url parts).' };
  }
  if (headerBytes.length > MAX_HEADER_BYTES) return { problem: `JWT header is longer than ${MAX_HEADER_BYTES} bytes.` };
  const header = jsonObject(headerBytes);
  if (!header) return { problem: 'JWT header is not a JSON object.' };
  const { alg, kid } = header;
  if (typeof alg !== 'string' || alg.length === 0) return { problem: 'JWT header names no algorithm.' };
  if (kid !== undefined && (typeof kid !== 'string' || kid.length > MAX_KID_LENGTH)) return { problem: 'JWT header kid is not a short text.' };
  // RFC 7515 §4.1.11: extensions listed as critical must be understood, and this broker knows none.
  if (header.crit !== undefined) return { problem: 'JWT header lists critical extensions the broker does not support.' };
  return {
    jws: {
      alg,
      ...(kid === undefined ? {} : { kid }),
      signingInput: Buffer.from(`${encodedHeader}.${encodedClaims}`, 'ascii'),
      signature,
      encodedClaims,
    },
  };
}

/** The claims set of a token whose signature has been checked, or undefined when it is not a JSON object. */
export function readClaims(jws: CompactJws): Record<string, unknown> | undefined {
  const bytes = Buffer.from(jws.encodedClaims, 'base64url');
  return bytes.length > MAX_CLAIMS_BYTES ? undefined : jsonObject(bytes);
}
