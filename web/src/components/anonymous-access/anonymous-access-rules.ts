import type { AnonymousAccess } from '../../api/generated/model/anonymousAccess';

/** The pattern the broker stores for a rule list left out: every topic (openapi.yaml, AnonymousAccessSave). */
export const EVERY_TOPIC_PATTERN = '.*';

/** How a rule list reads to an operator: every topic, no topic, or only the topics of these patterns. */
export type RuleListReach = { kind: 'every' } | { kind: 'none' } | { kind: 'some'; patterns: readonly string[] };

export function ruleListReach(patterns: readonly string[]): RuleListReach {
  if (patterns.includes(EVERY_TOPIC_PATTERN)) return { kind: 'every' };
  return patterns.length === 0 ? { kind: 'none' } : { kind: 'some', patterns };
}

/**
 * Whether anonymous clients are held to some topics (README "Client access control"). A list
 * holding `.*` allows every topic; other patterns that happen to match everything are taken at
 * their word as restrictions, which errs on the side of telling the operator.
 */
export function anonymousTopicsRestricted(access: Pick<AnonymousAccess, 'pubAuthRulePatterns' | 'subAuthRulePatterns'>): boolean {
  return ruleListReach(access.pubAuthRulePatterns).kind !== 'every' || ruleListReach(access.subAuthRulePatterns).kind !== 'every';
}
