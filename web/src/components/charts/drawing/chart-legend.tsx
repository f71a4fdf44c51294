import { HTMLTable } from '@blueprintjs/core';
import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { lineColour } from './chart-colours';
import { useTheme } from '../../theme/theme';
import { type ChartValueKind, formatChartValue } from '../values/chart-value-format';
import type { SeriesStatistics } from '../values/series-statistics';

interface ChartLegendProps {
  lineLabels: readonly string[];
  statistics: readonly (SeriesStatistics | undefined)[];
  valueKind: ChartValueKind;
}

const COLUMNS = ['min', 'max', 'avg', 'latest'] as const;
const COLUMN_TITLES = { min: 'chart.legend-min', max: 'chart.legend-max', avg: 'chart.legend-avg', latest: 'chart.legend-latest' } as const;

/**
 * Each line's minimum, maximum, average and latest value over the time range in view. Memoized:
 * a chart renders again when it starts loading, and its legend's table need not (12 legends laid
 * out again were a share of every Update, issue 29).
 */
export const ChartLegend = memo(function ChartLegend({ lineLabels, statistics, valueKind }: ChartLegendProps) {
  const intl = useIntl();
  const theme = useTheme();
  return (
    <HTMLTable compact className="time-series-chart__legend">
      <thead>
        <tr>
          <th>
            <FormattedMessage id="chart.legend-line" />
          </th>
          {COLUMNS.map((column) => (
            <th key={column} className="time-series-chart__number">
              <FormattedMessage id={COLUMN_TITLES[column]} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lineLabels.map((label, index) => {
          const lineStatistics = statistics[index];
          return (
            <tr key={label} data-line={label}>
              <td>
                <span className="time-series-chart__swatch" style={{ background: lineColour(index, theme) }} />
                {label}
              </td>
              {COLUMNS.map((column) => (
                <td key={column} className="time-series-chart__number" data-statistic={column} title={lineStatistics ? intl.formatNumber(lineStatistics[column]) : undefined}>
                  {lineStatistics ? formatChartValue(lineStatistics[column], valueKind, intl.locale) : '–'}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
});
