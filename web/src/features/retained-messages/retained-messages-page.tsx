import { Card, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TablePager } from '../../components/table/table-pager';
import { activeFilterCount, branchTopicFilter, EMPTY_RETAINED_FILTER, isFiltered, type RetainedFilter } from './retained-filter';
import { RetainedBulkBar } from './list/retained-bulk-bar';
import type { RetainedDeleteTarget } from './delete/retained-delete';
import { RetainedDeleteDialog } from './delete/retained-delete-dialog';
import { NoMatchingRetainedMessages, NoRetainedMessagesYet } from './empty/retained-empty-state';
import { RetainedFilterPanel } from './list/retained-filter-panel';
import { RetainedMessageDrawer } from './details/retained-message-drawer';
import { RetainedMessagesTable } from './list/retained-messages-table';
import { RetainedSearchBoxes } from './list/retained-search-boxes';
import { RetainedTree } from './tree/retained-tree';
import { useRetainedMessagesList, useRetainedSupport } from './use-retained-messages-list';
import { type RetainedView, useRetainedMessagesUrl } from './use-retained-messages-url';
import './retained-messages-page.css';
import { FilterToggleButton, RefreshButton } from '../../components/table/list-toolbar-buttons';
import { useCanChange } from '../../components/roles/account-role';

/** Ticked rows by topic; they survive paging, and the page clears them when the filter changes. */
function useTopicSelection() {
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  return {
    selection,
    toggle: (topic: string) =>
      setSelection((current) => {
        const next = new Set(current);
        if (!next.delete(topic)) next.add(topic);
        return next;
      }),
    /** Ticks every row of the page, or unticks them when all are ticked already. */
    toggleAll: (topics: string[]) =>
      setSelection((current) => {
        const next = new Set(current);
        const untick = topics.every((topic) => current.has(topic));
        for (const topic of topics) {
          if (untick) next.delete(topic);
          else next.add(topic);
        }
        return next;
      }),
    clear: () => setSelection(new Set()),
  };
}

/**
 * Spec section 2, /retained-messages (issue 14): find retained messages by topic text, topic filter,
 * QoS, payload and time; read one with its MQTT 5 properties and payload; delete one, the ticked
 * ones or everything the filter matches; or see them as a topic tree and delete whole branches.
 * The tree (with the topic filter) and the bulk deletes are Starling extensions: on a broker
 * without them the list, the details and single deletes remain.
 */
export default function RetainedMessagesPage() {
  const intl = useIntl();
  const url = useRetainedMessagesUrl();
  const support = useRetainedSupport();
  // A read-only account deletes nothing: no tick boxes, no bulk bar.
  const bulkDelete = useCanChange() && support.bulkDelete;
  const { filter, pageLink } = url;
  const view = support.tree ? url.view : 'list';
  const list = useRetainedMessagesList(url, view === 'list');
  const selection = useTopicSelection();
  const [filterOpen, setFilterOpen] = useState(false);
  const [target, setTarget] = useState<RetainedDeleteTarget | null>(null);
  const page = list.data;
  const rows = page?.data;
  const filterCount = activeFilterCount(filter);

  const applyFilter = (next: RetainedFilter, options?: { replace: boolean }) => {
    selection.clear();
    setFilterOpen(false);
    url.setFilter(next, options);
  };

  // After deletes a page past the end would show nothing: show the last one instead.
  const { setPage } = url;
  const pastTheEnd = page !== undefined && page.data.length === 0 && page.totalElements > 0 && pageLink.page > 0;
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(0, page.totalPages - 1));
  }, [pastTheEnd, page?.totalPages, setPage]);

  const listView = (
    <>
      <div className="retained-page__toolbar">
        <RetainedSearchBoxes filter={filter} withTopicFilter={support.tree} onSearch={(changes) => applyFilter({ ...filter, ...changes }, { replace: true })} />
        <FilterToggleButton open={filterOpen} onToggle={() => setFilterOpen((open) => !open)} activeCount={filterCount} testId="retained-filter-toggle">
          <FormattedMessage id="retained-message.filter" />
        </FilterToggleButton>
        <RefreshButton query={list} />
      </div>
      {filterOpen && <RetainedFilterPanel filter={filter} onApply={(next) => applyFilter(next)} onClose={() => setFilterOpen(false)} />}
      {bulkDelete && (
        <RetainedBulkBar
          selected={selection.selection.size}
          matching={page?.totalElements ?? 0}
          filtered={isFiltered(filter)}
          onDeleteSelected={() => setTarget({ scope: 'selection', topics: [...selection.selection] })}
          onDeleteMatching={() => setTarget({ scope: 'filtered', filter, count: page?.totalElements ?? 0 })}
          onClearSelection={selection.clear}
        />
      )}
      {rows === undefined ? (
        <Spinner className="retained-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : rows.length > 0 ? (
        <RetainedMessagesTable
          messages={rows}
          starlingSorts={support.tree}
          selectable={bulkDelete}
          refreshing={list.isPlaceholderData}
          sort={pageLink.sort}
          onSort={url.toggleSort}
          selection={selection.selection}
          onToggle={selection.toggle}
          onToggleAll={() => selection.toggleAll(rows.map((row) => row.topic))}
          onOpen={url.openMessage}
          onDelete={(topic) => setTarget({ scope: 'one', topic })}
        />
      ) : isFiltered(filter) ? (
        <NoMatchingRetainedMessages onClearFilter={() => applyFilter(EMPTY_RETAINED_FILTER)} />
      ) : (
        <NoRetainedMessagesYet />
      )}
      {page && page.totalElements > 0 && (
        <TablePager
          page={pageLink.page}
          pageSize={pageLink.pageSize}
          totalElements={page.totalElements}
          hasNext={page.hasNext}
          onPageChange={url.setPage}
          onPageSizeChange={url.setPageSize}
        />
      )}
    </>
  );

  return (
    <Card className="retained-page">
      {support.tree && (
        <Tabs id="retained-view" selectedTabId={view} onChange={(next) => url.setView(next as RetainedView)} className="retained-page__views">
          <Tab id="list" title={intl.formatMessage({ id: 'retained-message.list-view' })} />
          <Tab id="tree" title={intl.formatMessage({ id: 'retained-message.tree' })} />
        </Tabs>
      )}
      {view === 'tree' ? (
        <RetainedTree onShowMessages={(topic) => url.showInList({ ...EMPTY_RETAINED_FILTER, topicFilter: branchTopicFilter(topic) })} onOpenMessage={url.openMessage} />
      ) : (
        listView
      )}
      <RetainedDeleteDialog target={target} onClose={() => setTarget(null)} onDone={selection.clear} />
      <RetainedMessageDrawer topic={url.openTopic} onClose={() => url.openMessage(null)} />
    </Card>
  );
}
