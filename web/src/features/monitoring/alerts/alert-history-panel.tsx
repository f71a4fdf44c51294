import { H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetAlertsQueryKey, useGetAlerts } from '../../../api/generated/endpoints/monitoring/monitoring';
import { TablePager } from '../../../components/table/table-pager';
import { DEFAULT_PAGE_SIZE } from '../../../components/table/use-page-link';
import { AlertHistoryTable } from './alert-history-table';

/** Alerts appear while the page is open: the broker checks rules at every sample. */
export const ALERT_HISTORY_REFRESH_MS = 5000;

/** The alert history, newest first, a page at a time. */
export function AlertHistoryPanel() {
  const intl = useIntl();
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const params = { pageSize, page };
  const alerts = useGetAlerts(params, {
    query: { queryKey: getGetAlertsQueryKey(params), placeholderData: keepPreviousData, refetchInterval: ALERT_HISTORY_REFRESH_MS },
    request: { ignoreLoading: true },
  });
  return (
    <section className="alerts-section__panel" aria-labelledby="alert-history-title">
      <H4 id="alert-history-title">
        <FormattedMessage id="alert.alert-history" />
      </H4>
      {alerts.data === undefined && <Spinner size={20} aria-label={intl.formatMessage({ id: 'common.loading' })} />}
      {alerts.data?.data.length === 0 && <NonIdealState icon={<HistoryIcon />} title={<FormattedMessage id="alert.no-alerts" />} />}
      {alerts.data !== undefined && alerts.data.data.length > 0 && <AlertHistoryTable alerts={alerts.data.data} />}
      {alerts.data !== undefined && (
        <TablePager
          page={page}
          pageSize={pageSize}
          totalElements={alerts.data.totalElements}
          hasNext={alerts.data.hasNext}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      )}
    </section>
  );
}
