import type { MessageDescriptor } from 'react-intl';
import type { KeyValuePair } from '../../../components/key-value-list/key-value-list-editor';
import type { AuthRuleLists } from '../../../components/rule-patterns/rule-lists';
import { topicPatternProblem } from '../../../components/rule-patterns/topic-pattern';

export type MessageId = NonNullable<MessageDescriptor['id']>;

/** What is wrong with one field, as a message of the locale files. */
export interface FieldProblem {
  id: MessageId;
  values?: Record<string, string | number>;
}

/** The contract's largest integer (openapi.yaml: every number has a maximum). */
export const MAX_INTEGER = 2147483647;
/** StringMap: at most 50 pairs, keys up to 255 characters, values up to 4096 (openapi.yaml). */
const MAX_PAIRS = 50;
const MAX_PAIR_KEY = 255;
const MAX_PAIR_VALUE = 4096;
/** ProviderAuthRules: at most 1000 patterns per list (openapi.yaml). */
const MAX_PATTERNS = 1000;

export function tooLong(text: string, max: number): FieldProblem | undefined {
  return text.length > max ? { id: 'auth-provider.too-long', values: { max } } : undefined;
}

export function requiredText(text: string, max: number): FieldProblem | undefined {
  return text.trim() === '' ? { id: 'auth-provider.required' } : tooLong(text, max);
}

/** An http or https URL, as a JWKS endpoint or an HTTP auth service must be. */
export function httpUrlProblem(text: string): FieldProblem | undefined {
  const required = requiredText(text, 2048);
  if (required) return required;
  try {
    const url = new URL(text.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
  } catch {
    // Not a URL at all: the same message as one of another scheme.
  }
  return { id: 'auth-provider.url-invalid' };
}

/** A whole number from min to max, typed as text. */
export function integerProblem(text: string, min: number, max = MAX_INTEGER): FieldProblem | undefined {
  const number = Number(text);
  if (text.trim() === '' || !Number.isInteger(number) || number < min || number > max) return { id: 'auth-provider.whole-number', values: { min, max } };
  return undefined;
}

export interface PairsCheck {
  problem?: FieldProblem;
  /** Rows whose key is empty or repeated. */
  invalidKeys: number[];
}

/** Keys must be given and differ; the map the contract takes has room for 50 of limited length. */
export function checkPairs(pairs: readonly KeyValuePair[]): PairsCheck {
  const invalidKeys = pairs.flatMap((pair, index) => (pair.key.trim() === '' || pairs.findIndex((other) => other.key === pair.key) !== index ? [index] : []));
  if (invalidKeys.length > 0) return { problem: { id: 'auth-provider.pair-keys-invalid' }, invalidKeys };
  if (pairs.length > MAX_PAIRS) return { problem: { id: 'auth-provider.pairs-too-many', values: { max: MAX_PAIRS } }, invalidKeys };
  if (pairs.some((pair) => pair.key.length > MAX_PAIR_KEY || pair.value.length > MAX_PAIR_VALUE)) {
    return { problem: { id: 'auth-provider.pair-too-long', values: { key: MAX_PAIR_KEY, value: MAX_PAIR_VALUE } }, invalidKeys };
  }
  return { invalidKeys };
}

export function pairsOf(map: Record<string, string> | null | undefined): KeyValuePair[] {
  return Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));
}

export function mapOf(pairs: readonly KeyValuePair[]): Record<string, string> {
  return Object.fromEntries(pairs.map((pair) => [pair.key, pair.value]));
}

/** A list of rule patterns: each a regular expression (the chip input refuses others as typed), at most 1000. */
export function patternsProblem(patterns: readonly string[]): FieldProblem | undefined {
  if (patterns.length > MAX_PATTERNS) return { id: 'auth-provider.patterns-too-many', values: { max: MAX_PATTERNS } };
  const wrong = patterns.find((pattern) => topicPatternProblem(pattern) !== undefined);
  return wrong === undefined ? undefined : { id: 'auth-provider.pattern-invalid', values: { pattern: wrong } };
}

export function rulesProblems(rules: AuthRuleLists): { pubAuthRulePatterns?: FieldProblem; subAuthRulePatterns?: FieldProblem } {
  return { pubAuthRulePatterns: patternsProblem(rules.pub), subAuthRulePatterns: patternsProblem(rules.sub) };
}

/** The problems found, without the fields that have none. */
export function withoutEmpty<Field extends string>(problems: Partial<Record<Field, FieldProblem | undefined>>): Partial<Record<Field, FieldProblem>> {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined)) as Partial<Record<Field, FieldProblem>>;
}
