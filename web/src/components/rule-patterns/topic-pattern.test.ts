import { describe, expect, it } from 'vitest';
import { patternAllows, topicPatternProblem } from './topic-pattern';

describe('topic rule patterns (README "Client access control")', () => {
  it('names the problem of a pattern that is not a regular expression, and none for one that is', () => {
    expect(topicPatternProblem('sensors/(.*')).toMatch(/unterminated group/i);
    expect(topicPatternProblem('sensors/.*')).toBeUndefined();
  });

  it('allows a topic only when the whole topic matches', () => {
    expect(patternAllows('sensors/.*', 'sensors/1/temperature')).toBe(true);
    expect(patternAllows('sensors', 'sensors/1')).toBe(false);
    expect(patternAllows('a|b', 'b')).toBe(true);
    expect(patternAllows('(', '(')).toBe(false);
  });
});
