/** Rules the broker gives a list left out: every topic (openapi.yaml, saveMqttClientCredentials). */
export const EVERY_TOPIC = '.*';

/** The publish and subscribe rule patterns of one client, as the forms edit them. */
export interface AuthRuleLists {
  pub: string[];
  sub: string[];
}

/** Rules as the contract carries them (client credentials, anonymous access, a provider's defaults); a list left out is null. */
export interface AuthRulePatterns {
  pubAuthRulePatterns?: string[] | null;
  subAuthRulePatterns?: string[] | null;
}

/** The lists to edit; one the broker left out gives every topic, as it does. */
export function ruleListsOf(rules: AuthRulePatterns | undefined): AuthRuleLists {
  return { pub: rules?.pubAuthRulePatterns ?? [EVERY_TOPIC], sub: rules?.subAuthRulePatterns ?? [EVERY_TOPIC] };
}

export function authRulesOf(lists: AuthRuleLists): { pubAuthRulePatterns: string[]; subAuthRulePatterns: string[] } {
  return { pubAuthRulePatterns: lists.pub, subAuthRulePatterns: lists.sub };
}
