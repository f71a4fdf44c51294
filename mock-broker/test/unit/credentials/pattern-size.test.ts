import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_SIZE, patternSize } from '../../../src/credentials/pattern-size.js';
import { patternError, wholeMatch } from '../../../src/credentials/topic-rules.js';

// The estimate must never fall below what V8's linear engine lays out, or a pattern could cost more
// per character than the limit says (issue 26 N5).
describe('a pattern\'s compiled size', () => {
  it('counts a character or escaped character as one step', () => {
    expect(patternSize('sensors/t1')).toBe(10);
    expect(patternSize('\\x41\\u0041\\$')).toBe(3);
  });

  it('counts a class, a class escape and `.` as a step per range, the engine trying each in turn', () => {
    expect(patternSize('[a-z0-9-]')).toBe(3);
    expect(patternSize('[^/]')).toBe(2);
    expect(patternSize('\\d\\w\\s')).toBe(1 + 4 + 10);
    expect(patternSize('[\\s,]')).toBe(11);
    expect(patternSize('.')).toBe(4);
    expect(patternSize('[\u0100\u0102\u0104\u0106]')).toBe(4);
  });

  it('writes counted repetitions out, nested ones multiplied', () => {
    expect(patternSize('a{3,5}')).toBe(6);
    expect(patternSize('(?:ab){4}')).toBe(4 * 3 + 1);
    expect(patternSize('(?:(?:a){4}){4}')).toBeGreaterThanOrEqual(16);
  });

  it('gives a loop its body, its required copies and its branch', () => {
    expect(patternSize('.*')).toBe(6);
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
    expect(patternError('.*'.repeat(21))).toBeUndefined();
    expect(patternError('.*'.repeat(22))).toBe(`too large once its repetitions are written out (132 steps per character of text, at most ${MAX_PATTERN_SIZE})`);
  });

  it('lets a stored pattern past the limit, saved before the limit, match nothing', () => {
    expect(wholeMatch('.*'.repeat(21)).test('sensors/t1')).toBe(true);
    expect(wholeMatch('.*'.repeat(22)).test('sensors/t1')).toBe(false);
  });
});
