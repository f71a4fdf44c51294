import { Button } from '@blueprintjs/core';
import { ResetIcon } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TimeseriesKey } from '../../api/generated/model/timeseriesKey';
import { useExtension } from '../../components/broker-support/broker-extensions';
import type { TimeRange } from '../../components/charts/time-range';
import { TimeSeriesChart } from '../../components/charts/time-series-chart';
import { TIMESERIES_METRICS } from '../../components/charts/timeseries-metrics';
import { type ChartQuery, pixelColumnsFor, zoomedQuery } from '../../components/charts/timeseries-request';
import { useTimeseries } from '../../components/charts/use-timeseries';
import { resolveTimewindow } from '../../components/time-window/resolve-timewindow';
import type { Timewindow } from '../../components/time-window/timewindow';
import { TimewindowPicker } from '../../components/time-window/timewindow-picker';

export interface ChartLines {
  /** `total` first, then each node. */
  entityIds: readonly string[];
  labels: readonly string[];
}

interface MonitoringChartProps {
  metric: TimeseriesKey;
  lines: ChartLines;
  /** The page's time window, used until the chart is given its own. */
  pageTimewindow: Timewindow;
  maxDatapoints: number;
  pollMs: number;
}

/**
 * One statistic's chart on the monitoring page (issue 16): the page's time window or its own,
 * realtime updates, and a zoom that asks the broker for the zoomed range in finer buckets.
 */
export function MonitoringChart({ metric, lines, pageTimewindow, maxDatapoints, pollMs }: MonitoringChartProps) {
  const intl = useIntl();
  const [ownTimewindow, setOwnTimewindow] = useState<Timewindow>();
  const timewindow = ownTimewindow ?? pageTimewindow;
  // A zoom belongs to the time window it was made in: another window shows unzoomed.
  const [zoomState, setZoomState] = useState<{ range: TimeRange; timewindow: Timewindow }>();
  const zoom = zoomState?.timewindow === timewindow ? zoomState.range : undefined;

  // Raw samples are asked at the plot's width (a broker with timeseriesPixelColumns answers what
  // that many pixel columns show: a raw week is 60,480 points a line, a chart 700 pixels wide).
  const [plotWidth, setPlotWidth] = useState<number>();
  const raw = timewindow.aggregation.type === 'NONE';
  const extension = useExtension('timeseriesPixelColumns');
  const pixelColumns = raw && extension === 'available' && plotWidth !== undefined ? pixelColumnsFor(plotWidth, window.devicePixelRatio) : undefined;
  // A raw view waits for the width (measured before the first paint) rather than ask twice.
  const widthPending = raw && (extension === 'unknown' || (extension === 'available' && pixelColumns === undefined));
  const resolveQuery = useMemo(() => {
    if (widthPending) return undefined;
    return (now: number): ChartQuery => {
      const query = resolveTimewindow(timewindow, now, maxDatapoints);
      return pixelColumns === undefined ? query : { ...query, pixelColumns };
    };
  }, [timewindow, maxDatapoints, pixelColumns, widthPending]);
  const resolveZoomed = useMemo(() => (zoom && resolveQuery ? () => zoomedQuery(resolveQuery(zoom.endTs), zoom) : undefined), [zoom, resolveQuery]);
  const whole = useTimeseries({ key: metric, entityIds: lines.entityIds, resolveQuery, pollMs });
  const zoomed = useTimeseries({ key: metric, entityIds: lines.entityIds, resolveQuery: resolveZoomed, pollMs });

  const shown = zoom && zoomed.data ? zoomed : whole;
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
