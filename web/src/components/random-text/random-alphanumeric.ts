/** Spec section 9: random strings use letters and digits. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of the alphabet's size a byte holds: bytes from here on would favour the first letters. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

export const cryptoBytes: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

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
