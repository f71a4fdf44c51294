import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { MaximizeIcon, MinimizeIcon, TimelineLineChartIcon, ZoomToFitIcon } from '@blueprintjs/icons';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChartLegend } from './chart-legend';
import type { ChartValueKind } from '../values/chart-value-format';
import type { AlignedLines } from '../data/point-buffer';
import { indexRangeOf, seriesStatistics } from '../values/series-statistics';
import type { TimeRange } from '../data/time-range';
import type { PlotBox } from '../data/timeseries-request';
import { useFullscreen } from './use-fullscreen';
import './time-series-chart.css';

// uPlot comes with the plot, fetched when a chart first shows.
const TimeSeriesPlot = lazy(() => import('./time-series-plot'));

export interface TimeSeriesChartProps {
  title: ReactNode;
  /** One label per line, the total first; line i is drawn from `data.series[i]`. */
  lineLabels: readonly string[];
  /** Undefined until the first answer. */
  data: AlignedLines | undefined;
  /** The time range of the chart's time window. */
  range: TimeRange;
  valueKind: ChartValueKind;
  /** An IANA zone for the time axis; the browser's when not given. */
  timezone?: string;
  loading?: boolean;
  /** The home variant: smaller, no legend table, no zoom, no fullscreen. */
  compact?: boolean;
  /** The range zoomed into, shown instead of `range`. */
  zoom?: TimeRange;
  /** Dragging over the chart zooms (a range) and "reset zoom" returns (undefined); without it the chart does not zoom. */
  onZoomChange?: (zoom: TimeRange | undefined) => void;
  /** Controls shown in the header beside the chart's own, e.g. the chart's time window. */
  actions?: ReactNode;
  /** Told the plot area's width in CSS pixels before the first paint and whenever it changes, so raw points can be asked at that resolution. */
  onPlotWidth?: (cssWidth: number) => void;
  /** Told where the plot draws, in device pixels, once drawn and whenever that moves (TimeSeriesPlot's onPlotBox). */
  onPlotBox?: (box: PlotBox) => void;
  'data-testid'?: string;
}

const NO_LINES: AlignedLines = { times: new Float64Array(0), series: [] };

/**
 * A time-series chart (issue 16): a line per series with its legend of min, max, average and
 * latest over the range in view, zoom by dragging, fullscreen, and loading and empty states.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { title, lineLabels, data, range, valueKind, timezone, loading = false, compact = false, zoom, onZoomChange, actions, onPlotWidth, onPlotBox } = props;
  const intl = useIntl();
  const rootRef = useRef<HTMLDivElement>(null);
  const plotAreaRef = useRef<HTMLDivElement>(null);
  // Measured before paint: the chart's first request can then ask at its width rather than ask twice.
  useLayoutEffect(() => {
    const plotArea = plotAreaRef.current;
    if (!plotArea || !onPlotWidth) return undefined;
    const report = () => onPlotWidth(plotArea.clientWidth);
    report();
    const observer = new ResizeObserver(report);
    observer.observe(plotArea);
    return () => observer.disconnect();
  }, [onPlotWidth]);
  const fullscreen = useFullscreen(rootRef);
  const shown = zoom ?? range;
  const zoomable = !compact && onZoomChange !== undefined;
  const lines = data ?? NO_LINES;
  const statistics = useMemo(() => {
    const { from, to } = indexRangeOf(lines.times, shown.startTs, shown.endTs);
    return lines.series.map((values) => seriesStatistics(values, from, to));
  }, [lines, shown.startTs, shown.endTs]);
  const empty = !loading && data !== undefined && statistics.every((line) => line === undefined);

  return (
    <Card ref={rootRef} className={compact ? 'time-series-chart time-series-chart--compact' : 'time-series-chart'} data-testid={props['data-testid']} aria-busy={loading}>
      <div className="time-series-chart__header">
        <div className="time-series-chart__title">{title}</div>
        {actions}
        {zoomable && zoom && (
          <Button size="small" variant="minimal" icon={<ZoomToFitIcon />} onClick={() => onZoomChange(undefined)}>
            <FormattedMessage id="chart.reset-zoom" />
          </Button>
        )}
        {!compact && fullscreen.supported && (
          <Button
            size="small"
            variant="minimal"
            icon={fullscreen.fullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
            aria-label={intl.formatMessage({ id: fullscreen.fullscreen ? 'chart.exit-fullscreen' : 'chart.fullscreen' })}
            title={intl.formatMessage({ id: fullscreen.fullscreen ? 'chart.exit-fullscreen' : 'chart.fullscreen' })}
            onClick={fullscreen.toggle}
          />
        )}
      </div>
      <div ref={plotAreaRef} className="time-series-chart__plot">
        <Suspense fallback={<Spinner size={24} className="time-series-chart__overlay" />}>
          <TimeSeriesPlot
            lineLabels={lineLabels}
            data={lines}
            range={shown}
            valueKind={valueKind}
            locale={intl.locale}
            timezone={timezone}
            onSelectRange={zoomable ? onZoomChange : undefined}
            hint={zoomable ? intl.formatMessage({ id: 'chart.zoom-hint' }) : undefined}
            onPlotBox={onPlotBox}
          />
        </Suspense>
        {loading && <Spinner size={24} className="time-series-chart__overlay" aria-label={intl.formatMessage({ id: 'chart.loading' })} />}
        {empty && (
          <NonIdealState className="time-series-chart__overlay" icon={<TimelineLineChartIcon />} title={<FormattedMessage id="chart.no-data" />} />
        )}
      </div>
      {!compact && <ChartLegend lineLabels={lineLabels} statistics={statistics} valueKind={valueKind} />}
    </Card>
  );
}
