import { Card, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { entityLabels } from '../../components/entity/entity-labels';
import { SearchInput } from '../../components/table/search-input';
import { TablePager } from '../../components/table/table-pager';
import type { SessionAction } from './actions/session-action';
import { SessionActionDialog } from './actions/session-action-dialog';
import { SessionDetailsDrawer } from './details/session-details-drawer';
import { activeFilterCount, EMPTY_SESSION_FILTER, type SessionFilter } from './filter/session-filter';
import { SessionFilterPanel } from './filter/session-filter-panel';
import { useSessionSelection } from './list/session-selection';
import { SessionsBulkBar } from './actions/sessions-bulk-bar';
import { NoMatchingSessions, NoSessionsYet } from './list/sessions-empty-state';
import { SessionsTable } from './list/sessions-table';
import { useSessionsList } from './list/use-sessions-list';
import './sessions-page.css';
import { FilterToggleButton, RefreshButton } from '../../components/table/list-toolbar-buttons';
import { useExtension } from '../../components/broker-support/broker-extensions';
import { useCanChange } from '../../components/roles/account-role';

/**
 * Spec section 2, /sessions (issue 7): find any client among many by search and filter, see its
 * details, and disconnect or remove one session, or (where the broker serves the sessionBulkActions
 * extension) the ticked ones or everything the filter matches.
 */
export default function SessionsPage() {
  const intl = useIntl();
  const canChange = useCanChange();
  // A read-only account disconnects and removes nothing: no tick boxes, no bulk bar.
  const bulkActions = useExtension('sessionBulkActions') === 'available' && canChange;
  const { url, pageLink, filter, sessions, matchingConnected, matchingDisconnected } = useSessionsList(bulkActions);
  const selection = useSessionSelection();
  const [filterOpen, setFilterOpen] = useState(false);
  const [pending, setPending] = useState<SessionAction | null>(null);
  const rows = sessions.data?.data;
  const filterCount = activeFilterCount(filter);

  const applyFilter = (next: SessionFilter) => {
    selection.clear();
    setFilterOpen(false);
    url.setFilter(next);
  };
  const clearFilterAndSearch = () => {
    pageLink.setSearchText('');
    applyFilter(EMPTY_SESSION_FILTER);
  };

  return (
    <Card className="sessions-page">
      <div className="sessions-page__toolbar">
        <SearchInput
          label={intl.formatMessage(entityLabels.MQTT_SESSION.search)}
          value={pageLink.searchText}
          onValueChange={pageLink.setSearchText}
          className="sessions-page__search"
        />
        <FilterToggleButton open={filterOpen} onToggle={() => setFilterOpen((open) => !open)} activeCount={filterCount} testId="session-filter-toggle">
          <FormattedMessage id="session.filter" />
        </FilterToggleButton>
        <RefreshButton query={sessions} />
      </div>
      {filterOpen && <SessionFilterPanel filter={url.filter} onApply={applyFilter} onClose={() => setFilterOpen(false)} />}
      {bulkActions && (
        <SessionsBulkBar
          selection={selection.selection}
          matchingConnected={matchingConnected}
          matchingDisconnected={matchingDisconnected}
          onSelectionAction={(kind, clientIds) => setPending({ kind, target: { scope: 'selection', clientIds } })}
          onFilteredAction={(kind, count) => setPending({ kind, target: { scope: 'filtered', filter, count } })}
          onClearSelection={selection.clear}
        />
      )}
      {rows === undefined ? (
        <Spinner className="sessions-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : rows.length > 0 ? (
        <SessionsTable
          sessions={rows}
          refreshing={sessions.isPlaceholderData}
          sort={pageLink.sort}
          onSort={pageLink.toggleSort}
          selection={bulkActions ? { ticked: selection.selection, onToggle: selection.toggle, onToggleAll: () => selection.toggleAll(rows) } : null}
          onOpen={(session) => url.openSession(session.clientId)}
          onAction={(kind, session) => setPending({ kind, target: { scope: 'one', clientId: session.clientId, sessionId: session.sessionId } })}
        />
      ) : filterCount > 0 || filter.clientId !== '' ? (
        <NoMatchingSessions onClearFilter={clearFilterAndSearch} />
      ) : (
        <NoSessionsYet />
      )}
      {sessions.data && sessions.data.totalElements > 0 && (
        <TablePager
          page={pageLink.params.page}
          pageSize={pageLink.params.pageSize}
          totalElements={sessions.data.totalElements}
          hasNext={sessions.data.hasNext}
          onPageChange={pageLink.setPage}
          onPageSizeChange={pageLink.changePageSize}
        />
      )}
      <SessionActionDialog action={pending} onClose={() => setPending(null)} onDone={() => selection.clear()} />
      <SessionDetailsDrawer clientId={url.openClientId} onClose={() => url.openSession(null)} />
    </Card>
  );
}
