import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { ApplicationsIcon, PlusIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetApplicationSharedSubscriptionsQueryKey, useGetApplicationSharedSubscriptions } from '../../api/generated/endpoints/kafka/kafka';
import type { ApplicationSharedSubscription } from '../../api/generated/model/applicationSharedSubscription';
import type { ApplicationSharedSubscriptionPage } from '../../api/generated/model/applicationSharedSubscriptionPage';
import type { GetApplicationSharedSubscriptions200 } from '../../api/generated/model/getApplicationSharedSubscriptions200';
import type { GetApplicationSharedSubscriptionsSortProperty } from '../../api/generated/model/getApplicationSharedSubscriptionsSortProperty';
import { RefreshButton } from '../../components/table/list-toolbar-buttons';
import { SearchInput } from '../../components/table/search-input';
import { TablePager } from '../../components/table/table-pager';
import { usePageLink } from '../../components/table/use-page-link';
import { isValidShareName } from './applications/application-subscription-form';
import { ApplicationSubscriptionDialog } from './applications/application-subscription-dialog';
import { ApplicationSubscriptionUsage } from './applications/application-subscription-usage';
import { ApplicationSubscriptionsTable } from './applications/application-subscriptions-table';
import { DeleteApplicationSubscriptionDialog } from './applications/delete-application-subscription-dialog';
import { useKafkaNotConfigured } from './applications/kafka-availability';
import { KafkaNotConfiguredCallout } from './applications/kafka-not-configured-callout';
import './applications/application-subscriptions-page.css';
import { ChangeAction } from '../../components/roles/change-action';

/** The add/rename dialog: closed, adding (null) or renaming a subscription. */
type EditState = { open: false } | { open: true; subscription: ApplicationSharedSubscription | null };

const NO_SUBSCRIPTIONS: ApplicationSharedSubscriptionPage = { data: [], totalPages: 0, totalElements: 0, hasNext: false };

/**
 * The broker answers this path with a page when asked by pageSize and page, as this page asks (and
 * with one subscription when asked by topic, which this page never does).
 */
function subscriptionPageOf(answer: GetApplicationSharedSubscriptions200): ApplicationSharedSubscriptionPage {
  return 'data' in answer ? answer : NO_SUBSCRIPTIONS;
}

/** The share name the copied subscription topics start with, until the administrator types another. */
const DEFAULT_SHARE_NAME = 'group1';

/**
 * Spec section 2, /shared-subscriptions/applications: the application shared subscriptions, each with
 * the Kafka topic its messages are kept in; searched, sorted and paged on the broker; added, renamed
 * and deleted here. The list is the node's own, so it shows without Kafka too.
 */
export default function SharedSubscriptionApplicationsPage() {
  const intl = useIntl();
  const pageLink = usePageLink<GetApplicationSharedSubscriptionsSortProperty>({ property: 'createdTime', order: 'DESC' });
  const { params } = pageLink;
  // The previous page stays on screen while the next one loads, so the table does not jump.
  const list = useGetApplicationSharedSubscriptions(params, { query: { queryKey: getGetApplicationSharedSubscriptionsQueryKey(params), placeholderData: keepPreviousData, select: subscriptionPageOf } });
  const kafkaNotConfigured = useKafkaNotConfigured();
  const [edit, setEdit] = useState<EditState>({ open: false });
  const [deleting, setDeleting] = useState<ApplicationSharedSubscription | null>(null);
  const [shareName, setShareName] = useState(DEFAULT_SHARE_NAME);
  const rows = list.data?.data;

  return (
    <Card className="app-shared-subscriptions-page">
      <div className="app-shared-subscriptions-page__toolbar">
        <SearchInput
          label={intl.formatMessage({ id: 'app-shared-subscription.search' })}
          value={pageLink.searchText}
          onValueChange={pageLink.setSearchText}
          className="app-shared-subscriptions-page__search"
        />
        <RefreshButton query={list} />
        <ChangeAction>
          <Button intent="primary" icon={<PlusIcon />} className="app-shared-subscriptions-page__add" onClick={() => setEdit({ open: true, subscription: null })} data-testid="add-app-shared-subscription">
            <FormattedMessage id="app-shared-subscription.add" />
          </Button>
        </ChangeAction>
      </div>
      {kafkaNotConfigured && <KafkaNotConfiguredCallout />}
      <ApplicationSubscriptionUsage shareName={shareName} onShareNameChange={setShareName} exampleTopicFilter={rows?.[0]?.topicFilter} />
      {rows === undefined ? (
        <Spinner className="app-shared-subscriptions-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : rows.length === 0 ? (
        <NonIdealState
          icon={<ApplicationsIcon />}
          title={<FormattedMessage id={params.textSearch ? 'app-shared-subscription.none-found' : 'app-shared-subscription.none-yet'} />}
          description={params.textSearch ? undefined : <FormattedMessage id="app-shared-subscription.none-yet-hint" />}
        />
      ) : (
        <ApplicationSubscriptionsTable
          subscriptions={rows}
          refreshing={list.isPlaceholderData}
          sort={pageLink.sort}
          onSort={pageLink.toggleSort}
          shareName={isValidShareName(shareName) ? shareName : undefined}
          onRename={(subscription) => setEdit({ open: true, subscription })}
          onDelete={setDeleting}
        />
      )}
      {list.data && list.data.totalElements > 0 && (
        <TablePager
          page={params.page}
          pageSize={params.pageSize}
          totalElements={list.data.totalElements}
          hasNext={list.data.hasNext}
          onPageChange={pageLink.setPage}
          onPageSizeChange={pageLink.changePageSize}
        />
      )}
      <ApplicationSubscriptionDialog
        isOpen={edit.open}
        subscription={edit.open ? edit.subscription : null}
        kafkaNotConfigured={kafkaNotConfigured}
        onClose={() => setEdit({ open: false })}
      />
      <DeleteApplicationSubscriptionDialog
        subscription={deleting}
        onClose={() => setDeleting(null)}
        // Deleting the last row of a page shows the page before it rather than an empty one.
        onDeleted={() => rows?.length === 1 && params.page > 0 && pageLink.setPage(params.page - 1)}
      />
    </Card>
  );
}
