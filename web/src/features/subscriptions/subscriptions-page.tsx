import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { FilterRemoveIcon, SearchIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetAllSubscriptionsQueryKey, useGetAllSubscriptions } from '../../api/generated/endpoints/subscription/subscription';
import type { GetAllSubscriptionsSortProperty } from '../../api/generated/model/getAllSubscriptionsSortProperty';
import { FilterToggleButton, RefreshButton } from '../../components/table/list-toolbar-buttons';
import { SearchInput } from '../../components/table/search-input';
import { TablePager } from '../../components/table/table-pager';
import { usePageLink } from '../../components/table/use-page-link';
import { activeSubscriptionFilterCount, EMPTY_SUBSCRIPTION_FILTER, type SubscriptionFilter, subscriptionFilterParams } from './subscription-filter';
import { SubscriptionFilterPanel } from './subscription-filter-panel';
import { SubscriptionsTable } from './subscriptions-table';
import './subscriptions-page.css';

/** Subscriptions change as clients subscribe and go: the list follows them without a reload. */
const REFRESH_MS = 10_000;

/**
 * /subscriptions (TBMQ 2.3's subscriptions page): every client's subscriptions from
 * GET /api/subscription/all, searched by client id and filtered by topic filter, QoS, options and
 * subscription identifier; each client links to its session.
 */
export default function SubscriptionsPage() {
  const intl = useIntl();
  const [filter, setFilter] = useState<SubscriptionFilter>(EMPTY_SUBSCRIPTION_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const filterParams = subscriptionFilterParams(filter);
  const pageLink = usePageLink<GetAllSubscriptionsSortProperty>({ property: 'clientId', order: 'ASC' }, { scope: JSON.stringify(filterParams) });
  const params = { ...pageLink.params, ...filterParams };
  const subscriptions = useGetAllSubscriptions(params, {
    query: { queryKey: getGetAllSubscriptionsQueryKey(params), placeholderData: keepPreviousData, refetchInterval: REFRESH_MS },
    request: { ignoreLoading: true },
  });
  const rows = subscriptions.data?.data;
  const filterCount = activeSubscriptionFilterCount(filter);
  const filtered = filterCount > 0 || pageLink.params.textSearch !== undefined;
  const clearFilter = () => {
    pageLink.setSearchText('');
    setFilter(EMPTY_SUBSCRIPTION_FILTER);
  };

  return (
    <Card className="subscriptions-page">
      <div className="subscriptions-page__toolbar">
        <SearchInput
          label={intl.formatMessage({ id: 'subscription.search-client-id' })}
          value={pageLink.searchText}
          onValueChange={pageLink.setSearchText}
          className="subscriptions-page__search"
        />
        <FilterToggleButton open={filterOpen} onToggle={() => setFilterOpen((open) => !open)} activeCount={filterCount} testId="subscription-filter-toggle">
          <FormattedMessage id="subscription.filter" />
        </FilterToggleButton>
        <RefreshButton query={subscriptions} />
      </div>
      {filterOpen && (
        <SubscriptionFilterPanel
          filter={filter}
          onApply={(next) => {
            setFilter(next);
            setFilterOpen(false);
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}
      {rows === undefined ? (
        <Spinner className="subscriptions-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : rows.length > 0 ? (
        <SubscriptionsTable subscriptions={rows} refreshing={subscriptions.isPlaceholderData} sort={pageLink.sort} onSort={pageLink.toggleSort} />
      ) : (
        <NonIdealState
          icon={<SearchIcon />}
          title={<FormattedMessage id="subscription.none-found" />}
          description={<FormattedMessage id={filtered ? 'subscription.none-found-filtered' : 'subscription.none-found-hint'} />}
          action={
            filtered ? (
              <Button icon={<FilterRemoveIcon />} onClick={clearFilter}>
                <FormattedMessage id="subscription.clear-filter" />
              </Button>
            ) : undefined
          }
        />
      )}
      {subscriptions.data && subscriptions.data.totalElements > 0 && (
        <TablePager
          page={params.page}
          pageSize={params.pageSize}
          totalElements={subscriptions.data.totalElements}
          hasNext={subscriptions.data.hasNext}
          onPageChange={pageLink.setPage}
          onPageSizeChange={pageLink.changePageSize}
        />
      )}
    </Card>
  );
}
