import v8 from 'node:v8';
import type { AuthRules } from './client-credentials.js';
import { MAX_PATTERN_SIZE, patternSize } from './pattern-size.js';

// Rules and blocked-client patterns are written by administrators and run on text clients write
// (topics, client ids, usernames; blocked patterns even before authentication). A backtracking
// engine lets one pattern such as `devices/([a-z0-9]+-?)+/telemetry` and a 43-byte topic hold the
// event loop for seconds, so every pattern runs on V8's linear-time engine (the `l` flag), which
// answers in time proportional to the text. The engine is behind a V8 flag, set here before any
// pattern is compiled; patterns it cannot run (backreferences, lookarounds) are refused when saved.
v8.setFlagsFromString('--enable-experimental-regexp-engine');

/** Compiled patterns, shared by every credential using the same text; bounded against churn. */
const compiled = new Map<string, RegExp>();
const COMPILED_CAPACITY = 10_000;
/** Matches nothing: what a stored pattern that no longer compiles allows or blocks. */
const NOTHING = /(?!)/;

/** The pattern as a whole-text expression on the linear engine; throws when V8 cannot run it so, or when it is too large (pattern-size.ts). */
function compile(pattern: string): RegExp {
  const expression = new RegExp(`^(?:${pattern})$`, 'l');
  const size = patternSize(pattern);
  if (size > MAX_PATTERN_SIZE) throw new Error(`too large once its repetitions are written out (${size} steps per character of text, at most ${MAX_PATTERN_SIZE})`);
  return expression;
}

/**
 * A rule pattern as a regular expression over the whole text: "sensors/.*" allows
 * "sensors/t1" but not "my/sensors/t1", as the production broker's rules (Java's matches()) do.
 * A pattern saved before patterns had to run in linear time and within their size, and which does
 * not, matches nothing.
 */
export function wholeMatch(pattern: string): RegExp {
  let expression = compiled.get(pattern);
  if (!expression) {
    try {
      expression = compile(pattern);
    } catch (error) {
      console.warn(`A stored pattern is ignored: ${describe(error)}`);
      expression = NOTHING;
    }
    if (compiled.size >= COMPILED_CAPACITY) compiled.clear();
    compiled.set(pattern, expression);
  }
  return expression;
}

/**
 * Why a pattern is not a regular expression that runs in linear time at a bounded cost per
 * character (pattern-size.ts), or undefined when it is one.
 */
export function patternError(pattern: string): string | undefined {
  try {
    compile(pattern);
    return undefined;
  } catch (error) {
    return describe(error);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
}

export type RuleList = keyof AuthRules;

/** A pattern that names broker topics on purpose: it starts with an escaped `$` (`\$SYS/.*`). */
const NAMES_BROKER_TOPICS = /^\^?\\\$/;

/**
 * The pattern of the list that allows a topic or filter. `$` topics are the broker's own
 * (`$SYS/...`): only a pattern that names them explicitly allows them, never a catch-all like `.*`.
 */
export function allowingPatternOf(patterns: readonly string[], text: string): string | undefined {
  if (!text.startsWith('$')) return firstMatchingPattern(patterns, text);
  return firstMatchingPattern(patterns.filter((pattern) => NAMES_BROKER_TOPICS.test(pattern)), text);
}

/** The first pattern of the list that matches the whole text, if any. */
export function firstMatchingPattern(patterns: readonly string[], text: string): string | undefined {
  return patterns.find((pattern) => wholeMatch(pattern).test(text));
}

const SHARED_PREFIX = /^\$share\/[^/]+\//;

/** Rules are about topics: a shared subscription is judged by its filter, without `$share/<group>/`. */
export function ruledTopicFilter(topicFilter: string): string {
  return topicFilter.replace(SHARED_PREFIX, '');
}
