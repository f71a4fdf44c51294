import { describe, expect, it } from 'vitest';
import { formatChartValue } from './chart-value-format';

describe('chart values', () => {
  it('shortens counts with K, M and B to one decimal (spec section 9)', () => {
    expect(formatChartValue(950, 'count')).toBe('950');
    expect(formatChartValue(12_345, 'count')).toBe('12.3K');
    expect(formatChartValue(2_500_000, 'count')).toBe('2.5M');
    expect(formatChartValue(7_000_000_000, 'count')).toBe('7B');
  });

  it('keeps fractions of a count that averaging leaves, to one decimal', () => {
    expect(formatChartValue(2.46, 'count')).toBe('2.5');
  });

  it('writes byte amounts in B, KB, MB and GB, stepping by 1024', () => {
    expect(formatChartValue(512, 'bytes')).toBe('512 B');
    expect(formatChartValue(1536, 'bytes')).toBe('1.5 KB');
    expect(formatChartValue(1000 * 1024, 'bytes')).toBe('1000 KB');
    expect(formatChartValue(3.25 * 1024 ** 2, 'bytes')).toBe('3.3 MB');
    expect(formatChartValue(2 * 1024 ** 3, 'bytes')).toBe('2 GB');
  });

  it('writes CPU use in percent with one decimal', () => {
    expect(formatChartValue(12.345, 'percent')).toBe('12.3 %');
    expect(formatChartValue(100, 'percent')).toBe('100 %');
  });

  it('uses the decimal separator of the reader’s language', () => {
    expect(formatChartValue(1536, 'bytes', 'de-DE')).toBe('1,5 KB');
    expect(formatChartValue(12_345, 'count', 'de-DE')).toBe('12,3K');
    expect(formatChartValue(7.25, 'percent', 'de-DE')).toBe('7,3 %');
  });
});
