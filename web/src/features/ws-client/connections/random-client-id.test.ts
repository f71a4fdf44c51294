import { describe, expect, it } from 'vitest';
import { CLIENT_ID_PREFIX, randomAlphanumeric, randomClientId } from './random-client-id';

describe('generated client ids (spec sections 3 and 9)', () => {
  it('are the product prefix and 8 letters or digits', () => {
    for (let attempt = 0; attempt < 200; attempt += 1) expect(randomClientId()).toMatch(/^starling_[A-Za-z0-9]{8}$/);
    expect(CLIENT_ID_PREFIX).toBe('starling_');
  });

  it('differ from one another', () => {
    const ids = new Set(Array.from({ length: 100 }, () => randomClientId()));
    expect(ids.size).toBe(100);
  });

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
