import { describe, expect, it } from 'vitest';
import { randomAlphanumeric } from './random-alphanumeric';

describe('random letters and digits (spec section 9)', () => {
  it('use every letter and digit, drawn from crypto.getRandomValues', () => {
    const seen = new Set(randomAlphanumeric(5000));
    expect(seen.size).toBe(62);
  });

  it('skip bytes that would favour the first letters, so that each character is equally likely', () => {
    // 248 and up would wrap round onto A–H: they are drawn again.
    const queue = [
      [255, 250, 0, 61, 248],
      [26, 52, 1, 1, 1],
    ];
    const fixedBytes = (bytes: Uint8Array) => {
      bytes.set(queue.shift() ?? []);
      return bytes;
    };
    expect(randomAlphanumeric(5, fixedBytes)).toBe('A9a0B');
  });
});
