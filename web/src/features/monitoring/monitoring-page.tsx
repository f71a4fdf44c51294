import { H4, Spinner } from '@blueprintjs/core';
import { startTransition, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetBrokerConfigQueryKey, getGetBrokerServiceIdsQueryKey, useGetBrokerConfig, useGetBrokerServiceIds } from '../../api/generated/endpoints/app/app';
import type { TimeseriesKey } from '../../api/generated/model/timeseriesKey';
import { ExtensionPanel } from '../../components/broker-support/extension-panel';
import { sendAhead } from '../../components/charts/data/timeseries-ahead';
import { TOTAL_ENTITY_ID } from '../../components/charts/data/timeseries-metrics';
import { useSampleIntervalState } from '../../components/charts/data/use-sample-interval';
import { defaultTimewindow, type Timewindow } from '../../components/time-window/model/timewindow';
import { TimewindowPicker } from '../../components/time-window/picker/timewindow-picker';
import { useMaxDatapointsState } from '../../components/time-window/use-max-datapoints';
import { type ChartLines, type ChartsAhead, MonitoringChart, requestsAhead } from './monitoring-chart';
import { AlertsSection } from './alerts/alerts-section';
import { BROKER_METRICS, connectionAndResourceMetrics } from './monitoring-metrics';
import { ResourceUsageTable } from './resource-usage-table';
import './monitoring-page.css';

const ONCE = { staleTime: Number.POSITIVE_INFINITY };

/** The total line and one line per node (GET /api/app/brokers); undefined while the nodes load. */
function useChartLines(): ChartLines | undefined {
  const intl = useIntl();
  const nodes = useGetBrokerServiceIds({ query: { ...ONCE, queryKey: getGetBrokerServiceIdsQueryKey() }, request: { ignoreLoading: true } });
  const { data: answered, isError: failed } = nodes;
  return useMemo(() => {
    // Without the list of nodes the charts still show the total.
    const nodeIds = answered ?? (failed ? [] : undefined);
    return nodeIds ? { entityIds: [TOTAL_ENTITY_ID, ...nodeIds], labels: [intl.formatMessage({ id: 'monitoring.total' }), ...nodeIds] } : undefined;
  }, [answered, failed, intl]);
}

/**
 * Spec section 2, /monitoring (issue 16): a chart per broker statistic, then connections per
 * listener and the nodes' CPU and memory, all in the page's time window unless a chart has its
 * own; then each node's resource usage, and the alert rules with the alerts they fired (Starling's
 * alertRules extension: a note on a broker without it).
 */
export default function MonitoringPage() {
  // Charts start once the limit and the sample interval are known: either arriving later would
  // make every chart ask for its whole window again.
  const { maxDatapoints, settled: limitKnown } = useMaxDatapointsState();
  const { intervalMs: pollMs, settled: intervalKnown } = useSampleIntervalState();
  const [timewindow, setTimewindow] = useState<Timewindow>(() => defaultTimewindow(Date.now(), { maxDatapoints }));
  const lines = useChartLines();
  const config = useGetBrokerConfig({ query: { ...ONCE, queryKey: getGetBrokerConfigQueryKey() }, request: { ignoreLoading: true, ignoreErrors: true } });

  const [ahead] = useState<ChartsAhead>(() => new Map());
  const chooseTimewindow = (next: Timewindow) => {
    sendAhead(requestsAhead(ahead, lines?.entityIds ?? [], next));
    startTransition(() => setTimewindow(next));
  };

  const group = (titleId: 'monitoring.broker-statistics' | 'monitoring.connections-and-resources', metrics: readonly TimeseriesKey[]) => (
    <section aria-labelledby={titleId} className="monitoring-page__section">
      <H4 id={titleId}>
        <FormattedMessage id={titleId} />
      </H4>
      {lines && limitKnown && intervalKnown ? (
        <div className="monitoring-page__charts">
          {metrics.map((metric) => (
            <MonitoringChart key={metric} metric={metric} lines={lines} pageTimewindow={timewindow} maxDatapoints={maxDatapoints} pollMs={pollMs} ahead={ahead} />
          ))}
        </div>
      ) : (
        <Spinner size={24} />
      )}
    </section>
  );

  return (
    <div className="monitoring-page">
      <div className="monitoring-page__toolbar">
        {/* The charts' requests leave from the click; the 12 charts render as a transition, in slices after it. */}
        <TimewindowPicker value={timewindow} onChange={(next) => chooseTimewindow(next)} aggregation timezone maxDatapoints={maxDatapoints} />
      </div>
      {group('monitoring.broker-statistics', BROKER_METRICS)}
      {group('monitoring.connections-and-resources', connectionAndResourceMetrics(config.data))}
      <ResourceUsageTable refreshMs={pollMs} />
      <ExtensionPanel extension="alertRules">
        <AlertsSection />
      </ExtensionPanel>
    </div>
  );
}
