import { Classes, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetServiceInfosQueryKey, useGetServiceInfos } from '../../api/generated/endpoints/monitoring/monitoring';
import type { ServiceInfo } from '../../api/generated/model/serviceInfo';
import { formatChartValue } from '../../components/charts/values/chart-value-format';
import { DataSizeText } from '../../components/format/data-size-text';
import { formatTimeAgo } from '../../components/format/time-ago';

const COLUMNS = ['monitoring.service-id', 'monitoring.status', 'monitoring.cpu', 'monitoring.memory', 'monitoring.disk', 'monitoring.last-update'] as const;

/** The production broker's statuses by the age of the newest sample (openapi.yaml ServiceInfo). */
const STATUSES = {
  ACTIVE: { intent: 'success', label: 'monitoring.status-ACTIVE' },
  INACTIVE: { intent: 'warning', label: 'monitoring.status-INACTIVE' },
  OUTDATED: { intent: 'danger', label: 'monitoring.status-OUTDATED' },
} as const;

const NOTHING = <span className={Classes.TEXT_MUTED}>—</span>;

/** Memory or disk: the share used, in percent as the broker sends it, of the total; "—" when unknown. */
function Usage({ percent, total }: { percent: number | null; total: number | null }) {
  const intl = useIntl();
  if (percent === null) return NOTHING;
  const used = formatChartValue(percent, 'percent', intl.locale);
  return total === null ? used : <FormattedMessage id="monitoring.used-of-total" values={{ used, total: <DataSizeText bytes={total} /> }} />;
}

function ServiceRow({ service }: { service: ServiceInfo }) {
  const intl = useIntl();
  return (
    <tr data-testid="service-row">
      <td>{service.serviceId}</td>
      <td>
        <Tag intent={STATUSES[service.status].intent} minimal data-testid="service-status">
          <FormattedMessage id={STATUSES[service.status].label} />
        </Tag>
      </td>
      <td>{service.cpuUsage === null ? NOTHING : formatChartValue(service.cpuUsage, 'percent', intl.locale)}</td>
      <td>
        <Usage percent={service.memoryUsage} total={service.totalMemory} />
      </td>
      <td>
        <Usage percent={service.diskUsage} total={service.totalDiskSpace} />
      </td>
      <td title={service.lastUpdateTime > 0 ? intl.formatDate(service.lastUpdateTime, { dateStyle: 'medium', timeStyle: 'medium' }) : undefined}>
        {service.lastUpdateTime > 0 ? formatTimeAgo(intl, service.lastUpdateTime) : NOTHING}
      </td>
    </tr>
  );
}

/** Resource usage of each broker node (GET /api/app/service/info, one page of every node), asked again every `refreshMs`. */
export function ResourceUsageTable({ refreshMs }: { refreshMs: number }) {
  const intl = useIntl();
  const services = useGetServiceInfos({ query: { queryKey: getGetServiceInfosQueryKey(), refetchInterval: refreshMs }, request: { ignoreLoading: true } });
  const nodes = services.data?.data;
  let content;
  if (nodes === undefined) content = services.isError ? <NonIdealState title={<FormattedMessage id="monitoring.load-failed" />} /> : <Spinner size={24} aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  else if (nodes.length === 0) content = <NonIdealState title={<FormattedMessage id="monitoring.no-nodes" />} />;
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
            {nodes.map((service) => (
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
