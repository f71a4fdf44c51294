import { describe, expect, it } from 'vitest';
import { shortNumber } from './short-number';

describe('short numbers (spec section 9)', () => {
  it('leaves numbers below a thousand as they are', () => {
    expect(shortNumber(0)).toBe('0');
    expect(shortNumber(7)).toBe('7');
    expect(shortNumber(999)).toBe('999');
    expect(shortNumber(12.34)).toBe('12.3');
  });

  it('uses K, M, B, T and Q with at most one decimal', () => {
    expect(shortNumber(1000)).toBe('1K');
    expect(shortNumber(1500)).toBe('1.5K');
    expect(shortNumber(1_250_000)).toBe('1.3M');
    expect(shortNumber(42_000_000_000)).toBe('42B');
    expect(shortNumber(3_140_000_000_000)).toBe('3.1T');
    expect(shortNumber(2e15)).toBe('2Q');
  });

  it('moves up a unit when rounding reaches a thousand', () => {
    expect(shortNumber(999_950)).toBe('1M');
    expect(shortNumber(999_949)).toBe('999.9K');
  });

  it('shortens negative numbers the same way', () => {
    expect(shortNumber(-1500)).toBe('-1.5K');
    expect(shortNumber(-1_250_000)).toBe('-1.3M');
    expect(shortNumber(-999)).toBe('-999');
  });

  it('writes the decimal separator of the language', () => {
    expect(shortNumber(1500, 'de-DE')).toBe('1,5K');
  });
});
