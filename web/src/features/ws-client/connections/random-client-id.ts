/** Spec section 3: generated client ids carry the product prefix. */
export const CLIENT_ID_PREFIX = 'starling_';
export const RANDOM_PART_LENGTH = 8;

/** Spec section 9: random strings use letters and digits. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of the alphabet's size a byte holds: bytes from here on would favour the first letters. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

type RandomBytes = (bytes: Uint8Array) => Uint8Array;

const cryptoBytes: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/** `length` letters and digits from a cryptographic source, each equally likely. */
export function randomAlphanumeric(length: number, randomBytes: RandomBytes = cryptoBytes): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(new Uint8Array(length))) {
      if (byte < UNBIASED_LIMIT && text.length < length) text += ALPHABET[byte % ALPHABET.length];
    }
  }
  return text;
}

/** A new connection's client id: `starling_` and 8 random letters and digits. */
export function randomClientId(randomBytes: RandomBytes = cryptoBytes): string {
  return CLIENT_ID_PREFIX + randomAlphanumeric(RANDOM_PART_LENGTH, randomBytes);
}
