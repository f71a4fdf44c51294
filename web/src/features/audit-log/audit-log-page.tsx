import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { DisableIcon, DownloadIcon, HistoryIcon, RefreshIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetAuditLogsQueryKey, useGetAuditLogs } from '../../api/generated/endpoints/audit-log/audit-log';
import type { AuditLog } from '../../api/generated/model/auditLog';
import type { GetAuditLogsParams } from '../../api/generated/model/getAuditLogsParams';
import type { GetAuditLogsSortProperty } from '../../api/generated/model/getAuditLogsSortProperty';
import { useExtension } from '../../components/broker-support/broker-extensions';
import { FilterToggleButton } from '../../components/table/list-toolbar-buttons';
import { SearchInput } from '../../components/table/search-input';
import { TablePager } from '../../components/table/table-pager';
import { usePageLink } from '../../components/table/use-page-link';
import type { Timewindow } from '../../components/time-window/model/timewindow';
import { TimewindowPicker } from '../../components/time-window/picker/timewindow-picker';
import { AuditLogDetailsDialog } from './audit-log-details-dialog';
import { exportAuditLogCsv } from './audit-log-export';
import { activeFilterCount, AUDIT_LOG_TIMEWINDOW_MODES, auditLogQueryParams, type AuditLogFilter, defaultAuditLogTimewindow, EMPTY_AUDIT_LOG_FILTER } from './audit-log-filter';
import { AuditLogFilterPanel } from './audit-log-filter-panel';
import { AuditLogTable } from './audit-log-table';
import './audit-log-page.css';

/**
 * System settings → Audit log (issue 31): who changed what, when and from where, found by user,
 * entity type, action, status, time window and search, each entry in full, and the same selection
 * as CSV. Starling's auditLog extension: a broker without it is told apart before anything is asked.
 */
export default function AuditLogPage() {
  const intl = useIntl();
  const extension = useExtension('auditLog');
  if (extension === 'unknown') return <Spinner className="audit-log-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (extension === 'missing') {
    return (
      <NonIdealState
        className="page-availability"
        icon={<DisableIcon />}
        title={<FormattedMessage id="broker-support.unavailable-title" />}
        description={<FormattedMessage id="audit-log.unavailable-description" />}
      />
    );
  }
  return <AuditLogList />;
}

function AuditLogList() {
  const intl = useIntl();
  const [filter, setFilter] = useState<AuditLogFilter>(EMPTY_AUDIT_LOG_FILTER);
  const [timewindow, setTimewindow] = useState<Timewindow>(() => defaultAuditLogTimewindow(Date.now()));
  // The moment "the last day" and the like are counted back from: taken again by refresh and by a new window.
  const [now, setNow] = useState(() => Date.now());
  const [filterOpen, setFilterOpen] = useState(false);
  const [opened, setOpened] = useState<AuditLog | null>(null);
  const [exporting, setExporting] = useState(false);
  const pageLink = usePageLink<GetAuditLogsSortProperty>({ property: 'createdTime', order: 'DESC' }, { scope: JSON.stringify([filter, timewindow]) });
  const selection = auditLogQueryParams(filter, pageLink.params.textSearch, timewindow, now);
  const params: GetAuditLogsParams = { ...pageLink.params, ...selection };
  // The previous page stays on screen while the next one loads, so the table does not jump.
  const entries = useGetAuditLogs(params, { query: { queryKey: getGetAuditLogsQueryKey(params), placeholderData: keepPreviousData } });
  const rows = entries.data?.data;
  const filterCount = activeFilterCount(filter);
  const refreshLabel = intl.formatMessage({ id: 'action.refresh' });

  const exportCsv = () => {
    setExporting(true);
    void exportAuditLogCsv(selection, intl).finally(() => setExporting(false));
  };

  return (
    <Card className="audit-log-page">
      <div className="audit-log-page__toolbar">
        <SearchInput label={intl.formatMessage({ id: 'audit-log.search' })} value={pageLink.searchText} onValueChange={pageLink.setSearchText} className="audit-log-page__search" />
        <TimewindowPicker
          value={timewindow}
          onChange={(next) => {
            setTimewindow(next);
            setNow(Date.now());
          }}
          {...AUDIT_LOG_TIMEWINDOW_MODES}
          timezone
        />
        <FilterToggleButton open={filterOpen} onToggle={() => setFilterOpen((open) => !open)} activeCount={filterCount} testId="audit-log-filter-toggle">
          <FormattedMessage id="audit-log.filter" />
        </FilterToggleButton>
        <Button variant="minimal" icon={<RefreshIcon />} loading={entries.isFetching && !entries.isPending} aria-label={refreshLabel} title={refreshLabel} onClick={() => setNow(Date.now())} />
        <Button icon={<DownloadIcon />} loading={exporting} onClick={exportCsv} data-testid="audit-log-export">
          <FormattedMessage id="audit-log.export-csv" />
        </Button>
      </div>
      {filterOpen && (
        <AuditLogFilterPanel
          filter={filter}
          onApply={(next) => {
            setFilterOpen(false);
            setFilter(next);
            setNow(Date.now());
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}
      {rows === undefined ? (
        <Spinner className="audit-log-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : rows.length > 0 ? (
        <AuditLogTable entries={rows} refreshing={entries.isPlaceholderData} sort={pageLink.sort} onSort={pageLink.toggleSort} onOpen={setOpened} />
      ) : (
        <NonIdealState icon={<HistoryIcon />} title={<FormattedMessage id="audit-log.no-entries" />} description={<FormattedMessage id="audit-log.no-entries-hint" />} />
      )}
      {entries.data && entries.data.totalElements > 0 && (
        <TablePager
          page={params.page}
          pageSize={params.pageSize}
          totalElements={entries.data.totalElements}
          hasNext={entries.data.hasNext}
          onPageChange={pageLink.setPage}
          onPageSizeChange={pageLink.changePageSize}
        />
      )}
      <AuditLogDetailsDialog entry={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
