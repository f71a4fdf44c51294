import type { AuthRules } from './client-credentials.js';

/** Compiled patterns, shared by every credential using the same text; bounded against churn. */
const compiled = new Map<string, RegExp>();
const COMPILED_CAPACITY = 10_000;

/**
 * A rule pattern as a regular expression over the whole text: "sensors/.*" allows
 * "sensors/t1" but not "my/sensors/t1", as the production broker's rules (Java's matches()) do.
 */
export function wholeMatch(pattern: string): RegExp {
  let expression = compiled.get(pattern);
  if (!expression) {
    expression = new RegExp(`^(?:${pattern})$`);
    if (compiled.size >= COMPILED_CAPACITY) compiled.clear();
    compiled.set(pattern, expression);
  }
  return expression;
}

/** Why a pattern is not a valid regular expression, or undefined when it is. */
export function patternError(pattern: string): string | undefined {
  try {
    wholeMatch(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
  }
}

export type RuleList = keyof AuthRules;

/** The first pattern of the list that matches the whole text, if any. */
export function firstMatchingPattern(patterns: readonly string[], text: string): string | undefined {
  return patterns.find((pattern) => wholeMatch(pattern).test(text));
}

const SHARED_PREFIX = /^\$share\/[^/]+\//;

/** Rules are about topics: a shared subscription is judged by its filter, without `$share/<group>/`. */
export function ruledTopicFilter(topicFilter: string): string {
  return topicFilter.replace(SHARED_PREFIX, '');
}
