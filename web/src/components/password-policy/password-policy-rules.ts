import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { UserPasswordPolicy } from '../../api/generated/model/userPasswordPolicy';

/** The most bcrypt keeps: the contract refuses longer passwords whatever the policy says (openapi.yaml). */
export const LONGEST_PASSWORD = 72;

export const UPPERCASE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
/** The printable ASCII characters that are neither letters, digits nor the space: what the policy counts as special. */
export const SPECIAL = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** One rule of the policy, as the password screens list it; values fill the message. */
export interface PasswordRule {
  message: MessageDescriptor;
  values: Record<string, number>;
  /** Whether a password keeps the rule. */
  keptBy: (password: string) => boolean;
}

const messages = defineMessages({
  length: { id: 'password-policy.length' },
  uppercase: { id: 'password-policy.uppercase' },
  lowercase: { id: 'password-policy.lowercase' },
  digits: { id: 'password-policy.digits' },
  special: { id: 'password-policy.special' },
  noWhitespace: { id: 'password-policy.no-whitespace' },
});

export interface CharacterClass {
  characters: string;
  minimum: (policy: UserPasswordPolicy) => number;
  message: MessageDescriptor;
}

export const CHARACTER_CLASSES: readonly CharacterClass[] = [
  { characters: UPPERCASE, minimum: (policy) => policy.minimumUppercaseLetters ?? 0, message: messages.uppercase },
  { characters: LOWERCASE, minimum: (policy) => policy.minimumLowercaseLetters ?? 0, message: messages.lowercase },
  { characters: DIGITS, minimum: (policy) => policy.minimumDigits ?? 0, message: messages.digits },
  { characters: SPECIAL, minimum: (policy) => policy.minimumSpecialCharacters ?? 0, message: messages.special },
];

/** The longest password the policy takes: its maximum (null or 0: none), never above what bcrypt keeps. */
export function longestAllowed(policy: UserPasswordPolicy): number {
  return Math.min(policy.maximumLength || LONGEST_PASSWORD, LONGEST_PASSWORD);
}

/** Characters the classes need at least, together. */
export function requiredCharacters(policy: UserPasswordPolicy): number {
  return CHARACTER_CLASSES.reduce((sum, characterClass) => sum + characterClass.minimum(policy), 0);
}

/** Length in characters (code points), as the broker counts it, not UTF-16 units. */
const lengthOf = (password: string) => [...password].length;

/** Any whitespace, the Unicode spaces included (no-break, ideographic…). */
const WHITESPACE = /\s/u;

/** The rules the policy sets, in the order the screens list them. */
export function passwordRules(policy: UserPasswordPolicy): PasswordRule[] {
  const minimum = policy.minimumLength;
  const maximum = longestAllowed(policy);
  const rules: PasswordRule[] = [
    {
      message: messages.length,
      values: { minimum, maximum },
      keptBy: (password) => lengthOf(password) >= minimum && lengthOf(password) <= maximum,
    },
  ];
  for (const characterClass of CHARACTER_CLASSES) {
    const count = characterClass.minimum(policy);
    if (count <= 0) continue;
    rules.push({
      message: characterClass.message,
      values: { count },
      keptBy: (password) => [...password].filter((character) => characterClass.characters.includes(character)).length >= count,
    });
  }
  if (policy.allowWhitespaces !== true) {
    rules.push({ message: messages.noWhitespace, values: {}, keptBy: (password) => !WHITESPACE.test(password) });
  }
  return rules;
}

/** The rules a password breaks; empty when the policy takes it. */
export function brokenRules(password: string, policy: UserPasswordPolicy): PasswordRule[] {
  return passwordRules(policy).filter((rule) => !rule.keptBy(password));
}
