import { cryptoBytes, type RandomBytes, randomAlphanumeric } from '../../../../components/random-text/random-alphanumeric';

/** Spec section 3: generated client ids carry the product prefix. */
export const CLIENT_ID_PREFIX = 'starling_';
export const RANDOM_PART_LENGTH = 8;

/** A new connection's client id: `starling_` and 8 random letters and digits. */
export function randomClientId(randomBytes: RandomBytes = cryptoBytes): string {
  return CLIENT_ID_PREFIX + randomAlphanumeric(RANDOM_PART_LENGTH, randomBytes);
}
