import { Button, HTMLTable } from '@blueprintjs/core';
import { EditIcon, TrashIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { ApplicationSharedSubscription } from '../../../api/generated/model/applicationSharedSubscription';
import type { GetApplicationSharedSubscriptionsSortProperty } from '../../../api/generated/model/getApplicationSharedSubscriptionsSortProperty';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { ActionsColumnHeader, TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';
import { SortableColumnHeader } from '../../../components/table/sortable-column-header';
import type { SortState } from '../../../components/table/use-page-link';
import { subscriptionTopicOf } from './application-subscription-form';
import { ChangeAction } from '../../../components/roles/change-action';

type ColumnLabel = 'app-shared-subscription.created-time' | 'app-shared-subscription.name' | 'app-shared-subscription.topic-filter' | 'app-shared-subscription.partitions';

interface ApplicationSubscriptionsTableProps {
  subscriptions: ApplicationSharedSubscription[];
  /** A newer page is on its way: the rows shown are the previous ones. */
  refreshing: boolean;
  sort: SortState<GetApplicationSharedSubscriptionsSortProperty>;
  onSort: (property: GetApplicationSharedSubscriptionsSortProperty) => void;
  /** The share name the copied subscription topics carry; undefined while it is not a valid one. */
  shareName: string | undefined;
  onRename: (subscription: ApplicationSharedSubscription) => void;
  onDelete: (subscription: ApplicationSharedSubscription) => void;
}

/**
 * BROKER-API.md, shared subscriptions → applications: created, name, topic filter, partitions, plus
 * the Kafka topic where the broker tells it (Starling; a production broker leaves it out).
 */
export function ApplicationSubscriptionsTable({ subscriptions, refreshing, sort, onSort, shareName, onRename, onDelete }: ApplicationSubscriptionsTableProps) {
  const intl = useIntl();
  const withKafkaTopics = subscriptions.some((subscription) => subscription.kafkaTopic !== undefined);
  const header = (property: GetApplicationSharedSubscriptionsSortProperty, label: ColumnLabel) => (
    <SortableColumnHeader property={property} sort={sort} onSort={onSort}>
      <FormattedMessage id={label} />
    </SortableColumnHeader>
  );
  return (
    // Narrow screens scroll the table sideways rather than squeezing its columns.
    <div className="app-shared-subscriptions__scroll">
      <HTMLTable compact striped className={refreshing ? 'app-shared-subscriptions app-shared-subscriptions--refreshing' : 'app-shared-subscriptions'} aria-busy={refreshing}>
        <thead>
          <tr>
            {header('createdTime', 'app-shared-subscription.created-time')}
            {header('name', 'app-shared-subscription.name')}
            {header('topicFilter', 'app-shared-subscription.topic-filter')}
            {header('partitions', 'app-shared-subscription.partitions')}
            {withKafkaTopics && (
              <th>
                <FormattedMessage id="app-shared-subscription.kafka-topic" />
              </th>
            )}
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>
          {subscriptions.map((subscription) => {
            const rowAction = (label: 'app-shared-subscription.rename-subscription' | 'app-shared-subscription.delete-subscription', icon: ReactElement, onClick: () => void) => {
              const text = intl.formatMessage({ id: label }, { name: subscription.name });
              // Both rename and delete change the subscription: neither is for a read-only account.
              return (
                <ChangeAction>
                  <Button variant="minimal" size="small" icon={icon} aria-label={text} title={text} onClick={onClick} />
                </ChangeAction>
              );
            };
            return (
              <tr key={subscription.id} data-testid="app-shared-subscription-row">
                <td className="app-shared-subscriptions__nowrap">
                  <FormattedDate value={subscription.createdTime} dateStyle="medium" timeStyle="short" />
                </td>
                <td className="app-shared-subscriptions__name">{subscription.name}</td>
                <td>
                  <code>{subscription.topicFilter}</code>
                  {shareName !== undefined && (
                    <span title={subscriptionTopicOf(shareName, subscription.topicFilter)}>
                      <CopyButton text={subscriptionTopicOf(shareName, subscription.topicFilter)} size="small" />
                    </span>
                  )}
                </td>
                <td>
                  <FormattedNumber value={subscription.partitions} />
                </td>
                {withKafkaTopics && <td>{subscription.kafkaTopic !== undefined && <code>{subscription.kafkaTopic}</code>}</td>}
                <td className={TABLE_ACTIONS_CLASS}>
                  {rowAction('app-shared-subscription.rename-subscription', <EditIcon />, () => onRename(subscription))}
                  {rowAction('app-shared-subscription.delete-subscription', <TrashIcon />, () => onDelete(subscription))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
