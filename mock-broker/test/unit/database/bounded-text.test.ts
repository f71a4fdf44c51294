import { describe, expect, it } from 'vitest';
import { boundedText } from '../../../src/database/bounded-text.js';

describe('bounded text', () => {
  it('leaves short text alone and cuts long text to the bound, the same way each time', () => {
    expect(boundedText('meter-1', 16)).toBe('meter-1');
    const long = 'meter-'.repeat(100);
    expect(boundedText(long, 16)).toHaveLength(16);
    expect(boundedText(long, 16)).toBe(boundedText(long, 16));
    expect(boundedText(long, 16).startsWith('meter-')).toBe(true);
  });

  it('keeps long texts with the same beginning apart', () => {
    expect(boundedText(`${'x'.repeat(500)}-a`, 64)).not.toBe(boundedText(`${'x'.repeat(500)}-b`, 64));
  });

  it('never splits a character made of two UTF-16 units', () => {
    const cut = boundedText('😀'.repeat(100), 20);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
