// V8's linear-time engine runs a pattern as a set of threads stepping through its compiled program
// together, one step per character of the text: a match costs up to the program's size times the
// text's length. The program is the pattern with counted repetition written out (`x{3,5}` is three
// copies of x and two optional ones), so a short pattern such as `(?:.*a|b.*){1,15}`, repeated 50
// times in 900 characters, compiles to thousands of steps and held the node for seconds on one
// long topic (issue 26 N5). This module estimates that size from the pattern's text, from above,
// so that the broker can refuse a pattern whose every match would be expensive.

/** The largest compiled size a rule or blocked-client pattern may have, in steps per character. */
export const MAX_PATTERN_SIZE = 128;

interface Quantifier {
  min: number;
  /** Infinity when unbounded. */
  max: number;
  /** Characters the quantifier takes, its lazy `?` included. */
  length: number;
}

const COUNTED = /^\{(\d+)(,(\d*))?\}\??/;

/** The quantifier at the start of the text, if any (a `{` that is not one is a literal, as V8 reads it without the u flag). */
function quantifierAt(text: string, index: number): Quantifier | undefined {
  const symbol = text[index];
  const lazy = text[index + 1] === '?' ? 1 : 0;
  if (symbol === '*') return { min: 0, max: Infinity, length: 1 + lazy };
  if (symbol === '+') return { min: 1, max: Infinity, length: 1 + lazy };
  if (symbol === '?') return { min: 0, max: 1, length: 1 + lazy };
  if (symbol !== '{') return undefined;
  const counted = COUNTED.exec(text.slice(index, index + 32));
  if (!counted) return undefined;
  const min = Number(counted[1]);
  const max = counted[2] === undefined ? min : counted[3] === '' ? Infinity : Number(counted[3]);
  return { min, max, length: counted[0].length };
}

/**
 * Copies of a body the engine lays out: the required ones, then one loop or the optional ones. A
 * loop also costs its branch and jump, and keeps a thread alive on every character (`.*` measured
 * about three times the cost of a character), hence its extra steps.
 */
function repeated(body: number, { min, max }: Quantifier): number {
  if (max === Infinity) return body * (min + 1) + 2;
  return body * Math.max(min, max) + 1;
}

/** Characters an escape takes after its backslash: `\x41` and `\u0041` are one atom, not several. */
function escapeLength(text: string, index: number): number {
  const kind = text[index + 1];
  if (kind === 'x') return 3;
  if (kind === 'u') return 5;
  if (kind === 'c') return 2;
  return 1;
}

/**
 * Ranges of code points a class escape stands for: the engine tries a character against each range
 * of a class in turn, so a class costs a step per range (`\s` is ten, `.` four: all but the line ends).
 */
const ESCAPE_RANGES: Record<string, number> = { w: 4, W: 5, d: 1, D: 2, s: 10, S: 11 };
const ANY_CHARACTER_RANGES = 4;

function escapeRanges(text: string, index: number): number {
  return ESCAPE_RANGES[text[index + 1] ?? ''] ?? 1;
}

/**
 * A character class starting at `index` (`[`): the index just past it and the ranges it holds at
 * most (`a-z` one, a negated class one more than its members; `[]` matches nothing, as V8 reads it).
 */
function characterClass(text: string, index: number): { end: number; ranges: number } {
  let position = index + 1;
  let ranges = 0;
  if (text[position] === '^') {
    ranges += 1;
    position += 1;
  }
  while (position < text.length && text[position] !== ']') {
    const escaped = text[position] === '\\';
    ranges += escaped ? escapeRanges(text, position) : 1;
    position += escaped ? 1 + escapeLength(text, position) : 1;
    // `x-y` is one range: its upper end is not another member.
    if (text[position] === '-' && text[position + 1] !== ']' && position + 1 < text.length) {
      position += 1;
      position += text[position] === '\\' ? 1 + escapeLength(text, position) : 1;
    }
  }
  return { end: position + 1, ranges: Math.max(1, ranges) };
}

/** Group openers before the body: `(?:`, `(?<name>`, `(?=`, `(?!`, `(?<=`, `(?<!` or plain `(`. */
function groupBodyStart(text: string, index: number): number {
  if (text[index + 1] !== '?') return index + 1;
  if (text[index + 2] === '<' && text[index + 3] !== '=' && text[index + 3] !== '!') {
    const close = text.indexOf('>', index);
    return close === -1 ? text.length : close + 1;
  }
  return text[index + 2] === '<' ? index + 4 : index + 3;
}

/**
 * The estimated compiled size of a pattern V8 accepted (an over-estimate, never under): a character
 * or anchor one step, a class or `.` a step per range, alternatives added, repetitions written out.
 */
export function patternSize(pattern: string): number {
  // The group being read keeps the sizes of its finished alternatives and of the one being read;
  // the groups around it wait on a stack.
  let group = { done: 0, current: 0 };
  const outer: (typeof group)[] = [];
  let index = 0;
  while (index < pattern.length) {
    const symbol = pattern[index];
    if (symbol === '|') {
      group.done += group.current;
      group.current = 0;
      index += 1;
      continue;
    }
    if (symbol === '(') {
      outer.push(group);
      group = { done: 0, current: 0 };
      index = groupBodyStart(pattern, index);
      continue;
    }
    let atom = 1;
    let next: number;
    const enclosing = symbol === ')' ? outer.pop() : undefined;
    if (enclosing) {
      atom = group.done + group.current + 1;
      group = enclosing;
      next = index + 1;
    } else if (symbol === '[') {
      const found = characterClass(pattern, index);
      atom = found.ranges;
      next = found.end;
    } else if (symbol === '\\') {
      atom = escapeRanges(pattern, index);
      next = index + 1 + escapeLength(pattern, index);
    } else {
      if (symbol === '.') atom = ANY_CHARACTER_RANGES;
      next = index + 1;
    }
    const quantifier = quantifierAt(pattern, next);
    if (quantifier) {
      atom = repeated(atom, quantifier);
      next += quantifier.length;
    }
    group.current += atom;
    index = next;
  }
  return group.done + group.current;
}
