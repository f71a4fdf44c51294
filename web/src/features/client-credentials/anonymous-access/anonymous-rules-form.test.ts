import { describe, expect, it } from 'vitest';
import type { AnonymousAccess } from '../../../api/generated/model/anonymousAccess';
import { anonymousAccessSaveOf, anonymousRulesChanged, anonymousRulesOf, validateAnonymousRules } from './anonymous-rules-form';

const stored: AnonymousAccess = { mode: 'ALLOWED', allowed: true, pubAuthRulePatterns: [], subAuthRulePatterns: ['public/.*'] };

describe('anonymous access rules form', () => {
  it('starts from the stored rules and always sends both lists, an empty one meaning no topic', () => {
    const rules = anonymousRulesOf(stored);
    expect(rules).toEqual({ pub: [], sub: ['public/.*'] });
    // A mode change alone must not open the topics: a list left out would be every topic.
    expect(anonymousAccessSaveOf('AUTO', rules)).toEqual({ mode: 'AUTO', pubAuthRulePatterns: [], subAuthRulePatterns: ['public/.*'] });
  });

  it('knows when the rules differ from the stored ones, order included', () => {
    expect(anonymousRulesChanged(stored, { pub: [], sub: ['public/.*'] })).toBe(false);
    expect(anonymousRulesChanged(stored, { pub: ['.*'], sub: ['public/.*'] })).toBe(true);
    const two: AnonymousAccess = { ...stored, subAuthRulePatterns: ['a', 'b'] };
    expect(anonymousRulesChanged(two, { pub: [], sub: ['b', 'a'] })).toBe(true);
  });

  it('refuses what the broker would: more than 100 rules, a rule over 1024 characters, an invalid regular expression', () => {
    expect(validateAnonymousRules({ pub: [], sub: ['public/.*'] })).toEqual({});
    const many = Array.from({ length: 101 }, (_, index) => `t/${index}`);
    expect(validateAnonymousRules({ pub: many, sub: [] })).toEqual({ pub: { id: 'anonymous-access.rules-too-many', values: { max: 100 } } });
    expect(validateAnonymousRules({ pub: [], sub: ['x'.repeat(1025)] })).toEqual({ sub: { id: 'anonymous-access.rules-too-long', values: { max: 1024 } } });
    expect(validateAnonymousRules({ pub: ['broken/('], sub: [] })).toEqual({ pub: { id: 'mqtt-client-credentials.invalid-regex' } });
  });
});
