import { TimelineAreaChartIcon } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TimeseriesKey } from '../../../api/generated/model/timeseriesKey';
import { TimeSeriesChart } from '../../../components/charts/drawing/time-series-chart';
import { TIMESERIES_METRICS, TOTAL_ENTITY_ID } from '../../../components/charts/data/timeseries-metrics';
import { useTimeseries } from '../../../components/charts/data/use-timeseries';
import { resolveTimewindow } from '../../../components/time-window/model/resolve-timewindow';
import { defaultTimewindow } from '../../../components/time-window/model/timewindow';
import { useMaxDatapoints } from '../../../components/time-window/use-max-datapoints';
import { useBreakpointChoice } from '../../../components/media-query/use-media-query';
import { HomeCard } from '../home-card';
import { gridColumns, HOME_CHART_COLUMNS, HOME_CHART_COLUMNS_WIDE } from '../home-layout';
import { HOME_REFRESH_MS } from '../home-refresh';
import './monitoring-card.css';

const HOME_METRICS: readonly TimeseriesKey[] = ['incomingMsgs', 'outgoingMsgs', 'sessions', 'subscriptions'];
const TOTAL_ONLY = [TOTAL_ENTITY_ID];

function CompactChart({ metric, resolveQuery }: { metric: TimeseriesKey; resolveQuery: Parameters<typeof useTimeseries>[0]['resolveQuery'] }) {
  const intl = useIntl();
  const { data, range, loading } = useTimeseries({ key: metric, entityIds: TOTAL_ONLY, resolveQuery, pollMs: HOME_REFRESH_MS });
  const { valueKind, title } = TIMESERIES_METRICS[metric];
  return (
    <TimeSeriesChart
      compact
      data-testid={`home-chart-${metric}`}
      title={<FormattedMessage id={title} />}
      lineLabels={[intl.formatMessage({ id: 'monitoring.total' })]}
      data={data}
      range={range}
      loading={loading}
      valueKind={valueKind}
    />
  );
}

/**
 * Spec section 2, home dashboard "monitoring" section: the last hour of incoming and outgoing
 * messages, sessions and subscriptions of all nodes together, moving forward with the home
 * page's refresh (60000 ms); the title opens /monitoring.
 */
export function MonitoringCard() {
  const maxDatapoints = useMaxDatapoints();
  const [timewindow] = useState(() => defaultTimewindow(Date.now()));
  const resolveQuery = useMemo(() => (now: number) => resolveTimewindow(timewindow, now, maxDatapoints), [timewindow, maxDatapoints]);
  const chartColumns = useBreakpointChoice(HOME_CHART_COLUMNS, HOME_CHART_COLUMNS_WIDE);
  return (
    <HomeCard
      id="monitoring"
      className="home-card--wide"
      title={<FormattedMessage id="monitoring.monitoring" />}
      icon={<TimelineAreaChartIcon />}
      link="/monitoring"
      docsPage="monitoring"
    >
      <div className="home-monitoring-card__charts" style={gridColumns(chartColumns)}>
        {HOME_METRICS.map((metric) => (
          <CompactChart key={metric} metric={metric} resolveQuery={resolveQuery} />
        ))}
      </div>
    </HomeCard>
  );
}
