import type { MessageDescriptor } from 'react-intl';
import type { AnonymousAccess } from '../../../api/generated/model/anonymousAccess';
import type { AnonymousAccessMode } from '../../../api/generated/model/anonymousAccessMode';
import type { AnonymousAccessSave } from '../../../api/generated/model/anonymousAccessSave';
import type { AuthRuleLists } from '../../../components/rule-patterns/rule-lists';
import { topicPatternProblem } from '../../../components/rule-patterns/topic-pattern';

/** openapi.yaml, AnonymousAccessSave: at most this many patterns per list, each at most this long. */
export const MAX_ANONYMOUS_RULES = 100;
export const MAX_ANONYMOUS_RULE_LENGTH = 1024;

/** Fields the broker may name in a 400 answer (`body.subAuthRulePatterns[1] is not…`). */
export const ANONYMOUS_RULE_FIELDS = ['pubAuthRulePatterns', 'subAuthRulePatterns'] as const;
export type AnonymousRuleField = (typeof ANONYMOUS_RULE_FIELDS)[number];

export const listOfField: Record<AnonymousRuleField, keyof AuthRuleLists> = { pubAuthRulePatterns: 'pub', subAuthRulePatterns: 'sub' };

export type AnonymousRulesErrors = Partial<Record<keyof AuthRuleLists, MessageDescriptor & { values?: Record<string, number> }>>;

export function anonymousRulesOf(access: AnonymousAccess): AuthRuleLists {
  return { pub: [...access.pubAuthRulePatterns], sub: [...access.subAuthRulePatterns] };
}

/**
 * The whole setting as POST /api/mqtt/anonymousAccess takes it. Both lists are always sent: the
 * broker reads a list left out as every topic, so a mode change alone would otherwise open them.
 */
export function anonymousAccessSaveOf(mode: AnonymousAccessMode, rules: AuthRuleLists): AnonymousAccessSave {
  return { mode, pubAuthRulePatterns: rules.pub, subAuthRulePatterns: rules.sub };
}

function listError(patterns: readonly string[]): AnonymousRulesErrors[keyof AuthRuleLists] {
  if (patterns.length > MAX_ANONYMOUS_RULES) return { id: 'anonymous-access.rules-too-many', values: { max: MAX_ANONYMOUS_RULES } };
  if (patterns.some((pattern) => pattern.length > MAX_ANONYMOUS_RULE_LENGTH)) {
    return { id: 'anonymous-access.rules-too-long', values: { max: MAX_ANONYMOUS_RULE_LENGTH } };
  }
  if (patterns.some((pattern) => topicPatternProblem(pattern) !== undefined)) return { id: 'mqtt-client-credentials.invalid-regex' };
  return undefined;
}

/** The console's own checks, the broker's in advance: what it would refuse with a 400. */
export function validateAnonymousRules(rules: AuthRuleLists): AnonymousRulesErrors {
  const errors: AnonymousRulesErrors = {};
  const pub = listError(rules.pub);
  const sub = listError(rules.sub);
  if (pub) errors.pub = pub;
  if (sub) errors.sub = sub;
  return errors;
}

/** Whether the form differs from the stored rules (order counts: the broker keeps it). */
export function anonymousRulesChanged(access: AnonymousAccess, rules: AuthRuleLists): boolean {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((pattern, index) => pattern === b[index]);
  return !same(access.pubAuthRulePatterns, rules.pub) || !same(access.subAuthRulePatterns, rules.sub);
}
