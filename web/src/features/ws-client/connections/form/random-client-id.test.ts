import { describe, expect, it } from 'vitest';
import { CLIENT_ID_PREFIX, randomClientId } from './random-client-id';

describe('generated client ids (spec sections 3 and 9)', () => {
  it('are the product prefix and 8 letters or digits', () => {
    for (let attempt = 0; attempt < 200; attempt += 1) expect(randomClientId()).toMatch(/^starling_[A-Za-z0-9]{8}$/);
    expect(CLIENT_ID_PREFIX).toBe('starling_');
  });

  it('differ from one another', () => {
    const ids = new Set(Array.from({ length: 100 }, () => randomClientId()));
    expect(ids.size).toBe(100);
  });
});
