import { randomInt } from 'node:crypto';

const LETTERS_AND_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Letters and digits from the operating system's cryptographic generator, each equally likely. */
export function randomLettersAndDigits(length: number): string {
  return Array.from({ length }, () => LETTERS_AND_DIGITS[randomInt(LETTERS_AND_DIGITS.length)]).join('');
}
