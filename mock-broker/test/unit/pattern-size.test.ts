import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_SIZE, patternSize } from '../../src/credentials/pattern-size.js';
import { patternError, wholeMatch } from '../../src/credentials/topic-rules.js';

// The estimate must never fall below what V8's linear engine lays out, or a pattern could cost more
// per character than the limit says (issue 26 N5).
describe('a pattern\'s compiled size', () => {
  it('counts characters, classes and escapes as one step each', () => {
    expect(patternSize('sensors/t1')).toBe(10);
    expect(patternSize('[a-z0-9-]')).toBe(1);
    expect(patternSize('\\x41\\u0041\\d')).toBe(3);
  });

  it('writes counted repetitions out, nested ones multiplied', () => {
    expect(patternSize('a{3,5}')).toBe(6);
    expect(patternSize('(?:ab){4}')).toBe(4 * 3 + 1);
    expect(patternSize('(?:(?:a){4}){4}')).toBeGreaterThanOrEqual(16);
  });

  it('gives a loop its body, its required copies and its branch', () => {
    expect(patternSize('.*')).toBe(3);
    expect(patternSize('a+')).toBe(4);
    expect(patternSize('a{2,}')).toBe(5);
  });

  it('adds alternatives up', () => {
    expect(patternSize('ab|cd|e')).toBe(5);
  });

  it('reads a brace that is not a quantifier as a character, as V8 does without the u flag', () => {
    expect(patternSize('a{x}')).toBe(4);
  });

  it('refuses a pattern past the limit, saying how large it is', () => {
    expect(patternError('.*'.repeat(42))).toBeUndefined();
    expect(patternError('.*'.repeat(43))).toBe(`too large once its repetitions are written out (129 steps per character of text, at most ${MAX_PATTERN_SIZE})`);
  });

  it('lets a stored pattern past the limit, saved before the limit, match nothing', () => {
    expect(wholeMatch('.*'.repeat(42)).test('sensors/t1')).toBe(true);
    expect(wholeMatch('.*'.repeat(43)).test('sensors/t1')).toBe(false);
  });
});
