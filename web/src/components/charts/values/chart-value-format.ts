import { dataSizeOf } from '../../format/data-size';
import { shortNumber } from '../../format/short-number';

/** What a chart's values measure, which decides how they are written. */
export type ChartValueKind = 'count' | 'bytes' | 'percent';

const DATA_SIZE_SUFFIX = { byte: 'B', KB: 'KB', MB: 'MB', GB: 'GB' } as const;

/**
 * A chart value for axes and the legend: counts shortened with K, M, B (spec section 9, one
 * decimal), byte amounts in B, KB, MB, GB (factor 1024), CPU use in percent with one decimal.
 */
export function formatChartValue(value: number, kind: ChartValueKind, locale = 'en-US'): string {
  switch (kind) {
    case 'count':
      return shortNumber(value, locale);
    case 'bytes': {
      const { value: amount, unit } = dataSizeOf(value);
      const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false }).format(amount);
      return `${number} ${DATA_SIZE_SUFFIX[unit]}`;
    }
    case 'percent':
      return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} %`;
  }
}
