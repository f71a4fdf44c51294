import type { UserPasswordPolicy } from '../../api/generated/model/userPasswordPolicy';
import { cryptoBytes, type RandomBytes } from '../random-text/random-alphanumeric';
import { CHARACTER_CLASSES, DIGITS, longestAllowed, LOWERCASE, requiredCharacters, UPPERCASE } from './password-policy-rules';

/** Letters and digits in a one-time password: about 119 bits, as the bundled broker's. */
export const PREFERRED_LENGTH = 20;

/** A number from 0 to below `count` (at most 256), each equally likely: bytes that would favour the low ones are drawn again. */
function randomBelow(count: number, randomBytes: RandomBytes): number {
  const unbiasedLimit = 256 - (256 % count);
  for (;;) {
    const byte = randomBytes(new Uint8Array(1))[0] ?? 256;
    if (byte < unbiasedLimit) return byte % count;
  }
}

const randomFrom = (characters: string, randomBytes: RandomBytes) => characters[randomBelow(characters.length, randomBytes)] ?? '';

/**
 * A random password the policy takes, from a cryptographic source, shaped as the bundled broker makes
 * its own: each class's minimum, filled up with letters and digits to at least 20 characters (or the
 * policy's minimum, or what the classes need), never past the maximum, in a random order.
 */
export function randomPasswordFor(policy: UserPasswordPolicy, randomBytes: RandomBytes = cryptoBytes): string {
  const length = Math.min(Math.max(PREFERRED_LENGTH, policy.minimumLength, requiredCharacters(policy)), longestAllowed(policy));
  const chosen = CHARACTER_CLASSES.flatMap((characterClass) =>
    Array.from({ length: characterClass.minimum(policy) }, () => randomFrom(characterClass.characters, randomBytes)),
  );
  while (chosen.length < length) chosen.push(randomFrom(UPPERCASE + LOWERCASE + DIGITS, randomBytes));
  // Fisher–Yates: the required characters must not always lead.
  for (let index = chosen.length - 1; index > 0; index -= 1) {
    const other = randomBelow(index + 1, randomBytes);
    [chosen[index], chosen[other]] = [chosen[other] ?? '', chosen[index] ?? ''];
  }
  return chosen.join('');
}
