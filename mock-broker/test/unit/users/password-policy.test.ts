import { describe, expect, it } from 'vitest';
import { longestAllowed, policyViolations, randomPasswordFor, requiredCharacters, type UserPasswordPolicy } from '../../../src/security-settings/password-policy.js';

const lenient: UserPasswordPolicy = { minimumLength: 6, maximumLength: 72 };

describe('password policy', () => {
  it('counts length in characters, not UTF-16 units, and keeps bcrypt’s 72 as the longest', () => {
    expect(policyViolations('ü😀ü😀ü😀', lenient)).toEqual([]);
    expect(policyViolations('😀😀😀', lenient)).toEqual(['at least 6 characters']);
    expect(longestAllowed({ minimumLength: 6, maximumLength: null })).toBe(72);
    expect(policyViolations('x'.repeat(73), { minimumLength: 6 })).toEqual(['at most 72 characters']);
  });

  it('names every rule a password breaks, in a fixed order', () => {
    const strict: UserPasswordPolicy = { minimumLength: 12, minimumUppercaseLetters: 2, minimumLowercaseLetters: 1, minimumDigits: 3, minimumSpecialCharacters: 1 };
    expect(policyViolations('Ab 1', strict)).toEqual([
      'at least 12 characters',
      'at least 2 uppercase letter(s) A–Z',
      'at least 3 digit(s)',
      'at least 1 special character(s) such as ! ? # %',
      'no spaces, tabs or line breaks',
    ]);
    expect(policyViolations('ABc123!xyzzy', strict)).toEqual([]);
    // Letters outside A–Z count as neither class, as the production broker counts them.
    expect(policyViolations('ÄÖc123!xyzzy', strict)).toContain('at least 2 uppercase letter(s) A–Z');
  });

  it('refuses whitespace of every kind unless allowed', () => {
    for (const space of [' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff']) {
      expect(policyViolations(`secret${space}word`, lenient)).toEqual(['no spaces, tabs or line breaks']);
      expect(policyViolations(`secret${space}word`, { ...lenient, allowWhitespaces: true })).toEqual([]);
    }
  });

  it('makes random passwords the policy takes, of at least 20 characters where it allows', () => {
    const policies: UserPasswordPolicy[] = [
      lenient,
      { minimumLength: 30, maximumLength: 40, minimumSpecialCharacters: 3, minimumDigits: 2 },
      { minimumLength: 6, maximumLength: 10, minimumUppercaseLetters: 4, minimumDigits: 4 },
      { minimumLength: 50, minimumLowercaseLetters: 20, minimumSpecialCharacters: 20 },
    ];
    for (const policy of policies) {
      const made = Array.from({ length: 50 }, () => randomPasswordFor(policy));
      for (const password of made) {
        expect(policyViolations(password, policy), password).toEqual([]);
        expect(password.length).toBe(Math.min(Math.max(20, policy.minimumLength, requiredCharacters(policy)), longestAllowed(policy)));
      }
      expect(new Set(made).size).toBe(made.length);
    }
  });

  it('does not always put the required characters first', () => {
    const policy: UserPasswordPolicy = { minimumLength: 6, minimumSpecialCharacters: 1 };
    const positions = new Set(Array.from({ length: 200 }, () => randomPasswordFor(policy).search(/[^A-Za-z0-9]/)));
    expect(positions.size).toBeGreaterThan(5);
  });
});
