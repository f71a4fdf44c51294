import { describe, expect, it } from 'vitest';
import { anonymousTopicsRestricted, ruleListReach } from './anonymous-access-rules';

describe('anonymous access rules as an operator reads them', () => {
  it('reads a list with .* as every topic, an empty one as none, and others as their patterns', () => {
    expect(ruleListReach(['.*'])).toEqual({ kind: 'every' });
    expect(ruleListReach(['public/.*', '.*'])).toEqual({ kind: 'every' });
    expect(ruleListReach([])).toEqual({ kind: 'none' });
    expect(ruleListReach(['public/.*'])).toEqual({ kind: 'some', patterns: ['public/.*'] });
  });

  it('calls anonymous clients restricted as soon as one list does not allow every topic', () => {
    expect(anonymousTopicsRestricted({ pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] })).toBe(false);
    expect(anonymousTopicsRestricted({ pubAuthRulePatterns: [], subAuthRulePatterns: ['.*'] })).toBe(true);
    expect(anonymousTopicsRestricted({ pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['public/.*'] })).toBe(true);
  });
});
