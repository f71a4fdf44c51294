import { describe, expect, it } from 'vitest';
import { dataSizeOf } from './data-size';

describe('data sizes (spec section 9: byte, KB, MB; factor 1024)', () => {
  it('keeps sizes under 1024 in bytes', () => {
    expect(dataSizeOf(0)).toEqual({ value: 0, unit: 'byte' });
    expect(dataSizeOf(1023)).toEqual({ value: 1023, unit: 'byte' });
  });

  it('steps by 1024 with one decimal', () => {
    expect(dataSizeOf(1024)).toEqual({ value: 1, unit: 'KB' });
    expect(dataSizeOf(1536)).toEqual({ value: 1.5, unit: 'KB' });
    expect(dataSizeOf(5 * 1024 * 1024 + 100_000)).toEqual({ value: 5.1, unit: 'MB' });
    expect(dataSizeOf(3 * 1024 ** 3)).toEqual({ value: 3, unit: 'GB' });
  });

  it('moves up a unit when rounding reaches 1024', () => {
    expect(dataSizeOf(1024 * 1024 - 1)).toEqual({ value: 1, unit: 'MB' });
  });
});
