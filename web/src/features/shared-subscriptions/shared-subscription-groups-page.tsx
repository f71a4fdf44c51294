import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { LayersIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetClientSubscriptionsQueryKey, useGetClientSubscriptions } from '../../api/generated/endpoints/subscription/subscription';
import type { GetClientSubscriptions200 } from '../../api/generated/model/getClientSubscriptions200';
import type { GetClientSubscriptionsSortProperty } from '../../api/generated/model/getClientSubscriptionsSortProperty';
import type { SharedSubscriptionGroupPage } from '../../api/generated/model/sharedSubscriptionGroupPage';
import { entityLabels } from '../../components/entity/entity-labels';
import { HelpButton } from '../../components/help/help-button';
import { entityHelpIds } from '../../components/help/help-ids';
import { SearchInput } from '../../components/table/search-input';
import { TablePager } from '../../components/table/table-pager';
import { useDebouncedValue } from '../../components/table/use-debounced-value';
import { SEARCH_DEBOUNCE_MS, usePageLink } from '../../components/table/use-page-link';
import { SharedSubscriptionGroupsTable } from './shared-subscription-groups-table';
import './shared-subscription-groups-page.css';

/** Groups change as members come and go: the page follows them without a reload. */
const REFRESH_MS = 10_000;

const NO_GROUPS: SharedSubscriptionGroupPage = { data: [], totalPages: 0, totalElements: 0, hasNext: false };

/**
 * TBMQ answers GET /api/subscription with a page of groups when asked by pageSize and page (and with
 * a session's subscriptions when asked by clientId, which this page never does).
 */
function groupPageOf(answer: GetClientSubscriptions200): SharedSubscriptionGroupPage {
  return Array.isArray(answer) ? NO_GROUPS : answer;
}

/**
 * Spec section 2, /shared-subscriptions/manage: every shared subscription group ($share/{name}/{filter})
 * with its members, each linking to its session; searched by topic filter, share name or member.
 */
export default function SharedSubscriptionGroupsPage() {
  const intl = useIntl();
  const [shareNameText, setShareNameText] = useState('');
  const [clientIdText, setClientIdText] = useState('');
  const shareNameSearch = useDebouncedValue(shareNameText.trim(), SEARCH_DEBOUNCE_MS) || undefined;
  const clientIdSearch = useDebouncedValue(clientIdText.trim(), SEARCH_DEBOUNCE_MS) || undefined;
  const pageLink = usePageLink<GetClientSubscriptionsSortProperty>(
    { property: 'shareName', order: 'ASC' },
    { scope: JSON.stringify([shareNameSearch, clientIdSearch]) },
  );
  const params = { ...pageLink.params, shareNameSearch, clientIdSearch };
  const groups = useGetClientSubscriptions(params, {
    query: { queryKey: getGetClientSubscriptionsQueryKey(params), select: groupPageOf, placeholderData: keepPreviousData, refetchInterval: REFRESH_MS },
    request: { ignoreLoading: true },
  });
  const rows = groups.data?.data;
  const search = (label: 'shared-subscription.search-topic-filter' | 'shared-subscription.search-share-name' | 'shared-subscription.search-client-id', value: string, onChange: (value: string) => void) => (
    <SearchInput label={intl.formatMessage({ id: label })} value={value} onValueChange={onChange} className="shared-groups-page__search" />
  );

  return (
    <Card className="shared-groups-page">
      <div className="shared-groups-page__toolbar">
        {search('shared-subscription.search-topic-filter', pageLink.searchText, pageLink.setSearchText)}
        {search('shared-subscription.search-share-name', shareNameText, setShareNameText)}
        {search('shared-subscription.search-client-id', clientIdText, setClientIdText)}
        <HelpButton helpId={entityHelpIds.SHARED_SUBSCRIPTION_GROUP} />
      </div>
      {rows === undefined ? (
        <Spinner aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : rows.length === 0 ? (
        <NonIdealState
          icon={<LayersIcon />}
          title={<FormattedMessage {...entityLabels.SHARED_SUBSCRIPTION_GROUP.emptyText} />}
          description={<FormattedMessage id="shared-subscription.groups-empty-hint" />}
        />
      ) : (
        <SharedSubscriptionGroupsTable groups={rows} refreshing={groups.isPlaceholderData} sort={pageLink.sort} onSort={pageLink.toggleSort} />
      )}
      {groups.data && groups.data.totalElements > 0 && (
        <TablePager
          page={params.page}
          pageSize={params.pageSize}
          totalElements={groups.data.totalElements}
          hasNext={groups.data.hasNext}
          onPageChange={pageLink.setPage}
          onPageSizeChange={pageLink.changePageSize}
        />
      )}
    </Card>
  );
}
