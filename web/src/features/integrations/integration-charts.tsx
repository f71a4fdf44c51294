import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TimeseriesKey } from '../../api/generated/model/timeseriesKey';
import { TimeSeriesChart } from '../../components/charts/drawing/time-series-chart';
import { TIMESERIES_METRICS } from '../../components/charts/data/timeseries-metrics';
import type { ChartQuery } from '../../components/charts/data/timeseries-request';
import { useSampleInterval } from '../../components/charts/data/use-sample-interval';
import { useTimeseries } from '../../components/charts/data/use-timeseries';
import { resolveTimewindow } from '../../components/time-window/model/resolve-timewindow';
import { defaultTimewindow, type Timewindow } from '../../components/time-window/model/timewindow';
import { TimewindowPicker } from '../../components/time-window/picker/timewindow-picker';
import { useMaxDatapoints } from '../../components/time-window/use-max-datapoints';

/** The keys the broker samples under an integration's id (openapi.yaml, TimeseriesKey). */
export const INTEGRATION_CHART_KEYS: readonly TimeseriesKey[] = ['integrationSent', 'integrationFailed', 'integrationRetried', 'integrationDropped', 'integrationBacklog'];

interface IntegrationChartProps {
  metric: TimeseriesKey;
  entityIds: readonly string[];
  resolveQuery: (now: number) => ChartQuery;
  pollMs: number;
  timezone: string;
}

function IntegrationChart({ metric, entityIds, resolveQuery, pollMs, timezone }: IntegrationChartProps) {
  const intl = useIntl();
  const { data, range, loading } = useTimeseries({ key: metric, entityIds, resolveQuery, pollMs });
  const { valueKind, title } = TIMESERIES_METRICS[metric];
  return (
    <TimeSeriesChart
      compact
      data-testid={`integration-chart-${metric}`}
      title={<FormattedMessage id={title} />}
      lineLabels={[intl.formatMessage({ id: 'integration.chart-line' })]}
      data={data}
      range={range}
      loading={loading}
      valueKind={valueKind}
      timezone={timezone}
    />
  );
}

/**
 * An integration's statistics from the broker's time series (Starling's integrationDelivery
 * extension): messages sent, failed attempts, messages sent again, messages dropped for a full
 * backlog, and the backlog, in one time window that the picker changes for all five.
 */
export function IntegrationCharts({ integrationId }: { integrationId: string }) {
  const maxDatapoints = useMaxDatapoints();
  const pollMs = useSampleInterval();
  const [timewindow, setTimewindow] = useState<Timewindow>(() => defaultTimewindow(Date.now(), { maxDatapoints }));
  const resolveQuery = useMemo(() => (now: number) => resolveTimewindow(timewindow, now, maxDatapoints), [timewindow, maxDatapoints]);
  const entityIds = useMemo(() => [integrationId], [integrationId]);
  return (
    <section className="integration-details__section" data-testid="integration-charts">
      <div className="integration-charts__toolbar">
        <TimewindowPicker value={timewindow} onChange={setTimewindow} aggregation timezone maxDatapoints={maxDatapoints} />
      </div>
      <div className="integration-charts__grid">
        {INTEGRATION_CHART_KEYS.map((metric) => (
          <IntegrationChart key={metric} metric={metric} entityIds={entityIds} resolveQuery={resolveQuery} pollMs={pollMs} timezone={timewindow.timezone} />
        ))}
      </div>
    </section>
  );
}
