import { Button } from '@blueprintjs/core';
import { ResetIcon } from '@blueprintjs/icons';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TimeseriesKey } from '../../api/generated/model/timeseriesKey';
import { useExtension } from '../../components/broker-support/broker-extensions';
import type { TimeRange } from '../../components/charts/data/time-range';
import { TimeSeriesChart } from '../../components/charts/drawing/time-series-chart';
import { TIMESERIES_METRICS } from '../../components/charts/data/timeseries-metrics';
import { type ChartQuery, pixelColumnsFor, type PlotBox, plotPixelsFor, rangeParams, zoomedQuery } from '../../components/charts/data/timeseries-request';
import { usePlotBox } from '../../components/charts/drawing/use-plot-box';
import { useTimeseries } from '../../components/charts/data/use-timeseries';
import { resolveTimewindow } from '../../components/time-window/model/resolve-timewindow';
import type { Timewindow } from '../../components/time-window/model/timewindow';
import { TimewindowPicker } from '../../components/time-window/picker/timewindow-picker';

export interface ChartLines {
  /** `total` first, then each node. */
  entityIds: readonly string[];
  labels: readonly string[];
}

/** Per chart that follows the page's window: what it will ask for a window (undefined: nothing yet). */
export type ChartsAhead = Map<TimeseriesKey, (timewindow: Timewindow) => ((now: number) => ChartQuery) | undefined>;

/** The requests the charts following the page's window will make for `next` at a moment (timeseries-ahead.ts). */
export function requestsAhead(ahead: ChartsAhead, entityIds: readonly string[], next: Timewindow) {
  return (now: number) =>
    [...ahead].flatMap(([metric, queryFor]) => {
      const resolve = queryFor(next);
      if (!resolve) return [];
      const params = rangeParams(metric, resolve(now));
      return entityIds.map((entityId) => ({ entityId, params }));
    });
}

/**
 * Raw samples are asked on the plot's pixels (a broker with timeseriesPixelColumns answers what
 * each pixel column shows: a raw week is 60,480 points a line, a chart 700 pixels wide): exactly
 * uPlot's, from the box it draws in, so the reduced line is drawn as the full one pixel for pixel;
 * the container's width, a little finer, where the box has no whole number of pixels.
 */
function plotPixels(timewindow: Timewindow, extension: string, plotBox: PlotBox | undefined, plotWidth: number | undefined, compact: string) {
  const raw = timewindow.aggregation.type === 'NONE';
  const exact = plotBox === undefined ? undefined : plotPixelsFor(plotBox);
  const estimated = plotWidth === undefined ? undefined : pixelColumnsFor(plotWidth, window.devicePixelRatio);
  const pixelColumns = raw && extension === 'available' && plotBox !== undefined ? (exact?.pixelColumns ?? estimated) : undefined;
  const pixelLeft = pixelColumns === undefined ? undefined : exact?.pixelLeft;
  // A raw view waits for the plot's box (reported once the plot is first drawn) rather than ask twice.
  const boxPending = raw && (extension === 'unknown' || (extension === 'available' && pixelColumns === undefined));
  // Raw views (which wait for the extensions list) ask the compact answer (timeseriesColumns) where the broker has it.
  const columns = raw && compact === 'available';
  return { pixelColumns, pixelLeft, boxPending, columns };
}

function queryResolver(timewindow: Timewindow, maxDatapoints: number, { pixelColumns, pixelLeft, boxPending, columns }: ReturnType<typeof plotPixels>) {
  if (boxPending) return undefined;
  return (now: number): ChartQuery => {
    const query = { ...resolveTimewindow(timewindow, now, maxDatapoints), ...(columns && { columns }) };
    if (pixelColumns === undefined) return query;
    return pixelLeft === undefined ? { ...query, pixelColumns } : { ...query, pixelColumns, pixelLeft };
  };
}

interface MonitoringChartProps {
  metric: TimeseriesKey;
  lines: ChartLines;
  /** The page's time window, used until the chart is given its own. */
  pageTimewindow: Timewindow;
  maxDatapoints: number;
  pollMs: number;
  /** Where the chart tells the page what it will ask (see ChartsAhead). */
  ahead?: ChartsAhead;
}

/**
 * One statistic's chart on the monitoring page (issue 16): the page's time window or its own,
 * realtime updates, and a zoom that asks the broker for the zoomed range in finer buckets.
 */
export function MonitoringChart({ metric, lines, pageTimewindow, maxDatapoints, pollMs, ahead }: MonitoringChartProps) {
  const intl = useIntl();
  const [ownTimewindow, setOwnTimewindow] = useState<Timewindow>();
  const timewindow = ownTimewindow ?? pageTimewindow;
  // A zoom belongs to the time window it was made in: another window shows unzoomed.
  const [zoomState, setZoomState] = useState<{ range: TimeRange; timewindow: Timewindow }>();
  const zoom = zoomState?.timewindow === timewindow ? zoomState.range : undefined;

  const [plotWidth, setPlotWidth] = useState<number>();
  const [plotBox, onPlotBox] = usePlotBox();
  const extension = useExtension('timeseriesPixelColumns');
  const compact = useExtension('timeseriesColumns');
  const { pixelColumns, pixelLeft, boxPending, columns } = plotPixels(timewindow, extension, plotBox, plotWidth, compact);
  const resolveQuery = useMemo(() => queryResolver(timewindow, maxDatapoints, { pixelColumns, pixelLeft, boxPending, columns }), [timewindow, maxDatapoints, pixelColumns, pixelLeft, boxPending, columns]);
  // What this chart will ask for a window the page is given: the page sends it from the click.
  useEffect(() => {
    if (!ahead || ownTimewindow) return undefined;
    ahead.set(metric, (next) => queryResolver(next, maxDatapoints, plotPixels(next, extension, plotBox, plotWidth, compact)));
    return () => {
      ahead.delete(metric);
    };
  }, [ahead, ownTimewindow, metric, maxDatapoints, extension, plotBox, plotWidth, compact]);
  const resolveZoomed = useMemo(() => (zoom && resolveQuery ? () => zoomedQuery(resolveQuery(zoom.endTs), zoom) : undefined), [zoom, resolveQuery]);
  const whole = useTimeseries({ key: metric, entityIds: lines.entityIds, resolveQuery, pollMs });
  const zoomed = useTimeseries({ key: metric, entityIds: lines.entityIds, resolveQuery: resolveZoomed, pollMs });

  // A zoom still loading shows the whole range's lines within it, not the lines of the zoom before.
  const shown = zoom && zoomed.data && !zoomed.loading ? zoomed : whole;
  const { valueKind, title } = TIMESERIES_METRICS[metric];
  return (
    <TimeSeriesChart
      data-testid={`monitoring-chart-${metric}`}
      title={<FormattedMessage id={title} />}
      lineLabels={lines.labels}
      data={shown.data}
      range={whole.range}
      zoom={zoom}
      onZoomChange={(range) => setZoomState(range ? { range, timewindow } : undefined)}
      loading={zoom ? zoomed.loading : whole.loading}
      valueKind={valueKind}
      timezone={timewindow.timezone}
      onPlotWidth={setPlotWidth}
      onPlotBox={onPlotBox}
      actions={
        <>
          <TimewindowPicker value={timewindow} onChange={setOwnTimewindow} aggregation timezone maxDatapoints={maxDatapoints} />
          {ownTimewindow && (
            <Button
              size="small"
              variant="minimal"
              icon={<ResetIcon />}
              aria-label={intl.formatMessage({ id: 'monitoring.use-page-time-window' })}
              title={intl.formatMessage({ id: 'monitoring.use-page-time-window' })}
              onClick={() => setOwnTimewindow(undefined)}
            />
          )}
        </>
      }
    />
  );
}
