import { randomInt } from 'node:crypto';

/** TBMQ 2.3's password policy for console accounts (openapi.yaml, UserPasswordPolicy): null or 0 sets no rule. */
export interface UserPasswordPolicy {
  minimumLength: number;
  maximumLength?: number | null;
  minimumUppercaseLetters?: number | null;
  minimumLowercaseLetters?: number | null;
  minimumDigits?: number | null;
  minimumSpecialCharacters?: number | null;
  allowWhitespaces?: boolean | null;
  forceUserToResetPasswordIfNotValid?: boolean | null;
  passwordExpirationPeriodDays?: number | null;
  passwordReuseFrequencyDays?: number | null;
}

/** The most bcrypt keeps; the contract refuses longer passwords whatever the policy says. */
export const LONGEST_PASSWORD = 72;

const UPPERCASE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
/** The printable ASCII characters that are neither letters, digits nor the space, as TBMQ's rule counts them. */
const SPECIAL = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

interface CharacterClass {
  characters: string;
  minimum: (policy: UserPasswordPolicy) => number;
  rule: (count: number) => string;
}

const CLASSES: CharacterClass[] = [
  { characters: UPPERCASE, minimum: (policy) => policy.minimumUppercaseLetters ?? 0, rule: (count) => `at least ${count} uppercase letter(s) A–Z` },
  { characters: LOWERCASE, minimum: (policy) => policy.minimumLowercaseLetters ?? 0, rule: (count) => `at least ${count} lowercase letter(s) a–z` },
  { characters: DIGITS, minimum: (policy) => policy.minimumDigits ?? 0, rule: (count) => `at least ${count} digit(s)` },
  { characters: SPECIAL, minimum: (policy) => policy.minimumSpecialCharacters ?? 0, rule: (count) => `at least ${count} special character(s) such as ! ? # %` },
];

/** The longest password the policy takes: its maximum, never above what bcrypt keeps. */
export function longestAllowed(policy: UserPasswordPolicy): number {
  return Math.min(policy.maximumLength || LONGEST_PASSWORD, LONGEST_PASSWORD);
}

/** Characters the classes need at least, together. */
export function requiredCharacters(policy: UserPasswordPolicy): number {
  return CLASSES.reduce((sum, characterClass) => sum + characterClass.minimum(policy), 0);
}

/** The rules a password breaks, each as the end of "must have …"; empty when the policy takes it. */
export function policyViolations(password: string, policy: UserPasswordPolicy): string[] {
  const characters = [...password];
  const problems: string[] = [];
  if (characters.length < policy.minimumLength) problems.push(`at least ${policy.minimumLength} characters`);
  if (characters.length > longestAllowed(policy)) problems.push(`at most ${longestAllowed(policy)} characters`);
  for (const characterClass of CLASSES) {
    const minimum = characterClass.minimum(policy);
    if (minimum > 0 && characters.filter((character) => characterClass.characters.includes(character)).length < minimum) {
      problems.push(characterClass.rule(minimum));
    }
  }
  if (policy.allowWhitespaces !== true && /\s/u.test(password)) problems.push('no spaces, tabs or line breaks');
  return problems;
}

function randomFrom(characters: string): string {
  return characters[randomInt(characters.length)] as string;
}

/**
 * A random password the policy takes, from the operating system's cryptographic generator: each
 * class's minimum, filled up with letters and digits to at least 20 characters (about 119 bits), in
 * a random order.
 */
export function randomPasswordFor(policy: UserPasswordPolicy, preferredLength = 20): string {
  const length = Math.min(Math.max(preferredLength, policy.minimumLength, requiredCharacters(policy)), longestAllowed(policy));
  const chosen = CLASSES.flatMap((characterClass) => Array.from({ length: characterClass.minimum(policy) }, () => randomFrom(characterClass.characters)));
  while (chosen.length < length) chosen.push(randomFrom(UPPERCASE + LOWERCASE + DIGITS));
  // Fisher–Yates: the required characters must not always lead.
  for (let index = chosen.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [chosen[index], chosen[other]] = [chosen[other] as string, chosen[index] as string];
  }
  return chosen.join('');
}
