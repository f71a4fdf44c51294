import { describe, expect, it } from 'vitest';
import type { UserPasswordPolicy } from '../../api/generated/model/userPasswordPolicy';
import { brokenRules, DIGITS, LOWERCASE, SPECIAL, UPPERCASE } from './password-policy-rules';
import { randomPasswordFor } from './random-policy-password';

const strict: UserPasswordPolicy = { minimumLength: 8, maximumLength: 30, minimumUppercaseLetters: 2, minimumLowercaseLetters: 1, minimumDigits: 3, minimumSpecialCharacters: 2 };
const broken = (password: string, policy: UserPasswordPolicy) => brokenRules(password, policy).map((rule) => rule.message.id);
const count = (password: string, characters: string) => [...password].filter((character) => characters.includes(character)).length;

describe('password policy rules', () => {
  it('names each rule a password breaks, counting characters rather than UTF-16 units', () => {
    expect(broken('abc', strict)).toEqual(['password-policy.length', 'password-policy.uppercase', 'password-policy.digits', 'password-policy.special', 'password-policy.no-whitespace'].filter((id) => id !== 'password-policy.no-whitespace'));
    expect(broken('ABc123!?x', strict)).toEqual([]);
    // Six emoji are 12 UTF-16 units but 6 characters: too short for a minimum of 8.
    expect(broken('😀😀😀😀😀😀', { minimumLength: 8 })).toContain('password-policy.length');
  });

  it('refuses whitespace, the Unicode spaces included, unless the policy allows it', () => {
    for (const space of [' ', '\t', '\u00a0', '\u3000']) {
      expect(broken(`secret${space}word`, { minimumLength: 6 })).toEqual(['password-policy.no-whitespace']);
      expect(broken(`secret${space}word`, { minimumLength: 6, allowWhitespaces: true })).toEqual([]);
    }
  });

  it('counts only ASCII punctuation as special', () => {
    expect(broken('abcdef§€', { minimumLength: 6, minimumSpecialCharacters: 1 })).toEqual(['password-policy.special']);
    expect(broken('abcdef~', { minimumLength: 6, minimumSpecialCharacters: 1 })).toEqual([]);
  });
});

describe('one-time password the console makes', () => {
  it("has each class's minimum, 20 characters at least, and passes the policy", () => {
    for (let round = 0; round < 50; round += 1) {
      const password = randomPasswordFor(strict);
      expect(password).toHaveLength(20);
      expect(count(password, UPPERCASE)).toBeGreaterThanOrEqual(2);
      expect(count(password, LOWERCASE)).toBeGreaterThanOrEqual(1);
      expect(count(password, DIGITS)).toBeGreaterThanOrEqual(3);
      expect(count(password, SPECIAL)).toBeGreaterThanOrEqual(2);
      expect(brokenRules(password, strict)).toEqual([]);
    }
  });

  it('grows to the minimum length and stops at the maximum', () => {
    expect(randomPasswordFor({ minimumLength: 40 })).toHaveLength(40);
    expect(randomPasswordFor({ minimumLength: 6, maximumLength: 12 })).toHaveLength(12);
  });

  it('does not always put the required characters first', () => {
    const policy: UserPasswordPolicy = { minimumLength: 6, minimumSpecialCharacters: 1 };
    const specialFirst = Array.from({ length: 40 }, () => randomPasswordFor(policy)).filter((password) => SPECIAL.includes(password[0] ?? '')).length;
    expect(specialFirst).toBeLessThan(40);
  });
});
