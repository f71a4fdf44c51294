import { H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetServiceInfosQueryKey, useGetServiceInfos } from '../../api/generated/endpoints/monitoring/monitoring';
import type { ServiceInfo } from '../../api/generated/model/serviceInfo';
import { formatChartValue } from '../../components/charts/chart-value-format';
import { DataSizeText } from '../../components/format/data-size-text';
import { formatTimeAgo } from '../../components/format/time-ago';

const COLUMNS = ['monitoring.service-id', 'monitoring.status', 'monitoring.cpu', 'monitoring.memory', 'monitoring.disk', 'monitoring.last-update'] as const;

function UsedOfTotal({ used, total }: { used: number; total: number }) {
  return <FormattedMessage id="monitoring.used-of-total" values={{ used: <DataSizeText bytes={used} />, total: <DataSizeText bytes={total} /> }} />;
}

function ServiceRow({ service }: { service: ServiceInfo }) {
  const intl = useIntl();
  return (
    <tr data-testid="service-row">
      <td>{service.serviceId}</td>
      <td>
        <Tag intent={service.status === 'ONLINE' ? 'success' : 'danger'} minimal data-testid="service-status">
          <FormattedMessage id={service.status === 'ONLINE' ? 'monitoring.status-ONLINE' : 'monitoring.status-OFFLINE'} />
        </Tag>
      </td>
      <td>{formatChartValue(service.cpuUsage, 'percent', intl.locale)}</td>
      <td>
        <UsedOfTotal used={service.memoryUsage} total={service.totalMemory} />
      </td>
      <td>
        <UsedOfTotal used={service.diskUsage} total={service.totalDiskSpace} />
      </td>
      <td title={intl.formatDate(service.lastUpdateTime, { dateStyle: 'medium', timeStyle: 'medium' })}>{formatTimeAgo(intl, service.lastUpdateTime)}</td>
    </tr>
  );
}

/** Resource usage of each broker node (GET /api/service/info), asked again every `refreshMs`. */
export function ResourceUsageTable({ refreshMs }: { refreshMs: number }) {
  const intl = useIntl();
  const services = useGetServiceInfos({ query: { queryKey: getGetServiceInfosQueryKey(), refetchInterval: refreshMs }, request: { ignoreLoading: true } });
  let content;
  if (services.data === undefined) content = services.isError ? <NonIdealState title={<FormattedMessage id="monitoring.load-failed" />} /> : <Spinner size={24} aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  else if (services.data.length === 0) content = <NonIdealState title={<FormattedMessage id="monitoring.no-nodes" />} />;
  else
    content = (
      <div className="monitoring-page__table-scroll">
        <HTMLTable compact striped className="monitoring-page__resources">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column}>
                  <FormattedMessage id={column} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {services.data.map((service) => (
              <ServiceRow key={service.serviceId} service={service} />
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  return (
    <section aria-labelledby="monitoring-resource-usage" className="monitoring-page__section">
      <H4 id="monitoring-resource-usage">
        <FormattedMessage id="monitoring.resource-usage" />
      </H4>
      {content}
    </section>
  );
}
