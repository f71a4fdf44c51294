import { HTMLTable } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { GetAllSubscriptionsSortProperty } from '../../api/generated/model/getAllSubscriptionsSortProperty';
import type { SubscriptionInfo } from '../../api/generated/model/subscriptionInfo';
import type { SubscriptionQos } from '../../api/generated/model/subscriptionQos';
import { SortableColumnHeader } from '../../components/table/sortable-column-header';
import type { SortState } from '../../components/table/use-page-link';

const COLUMNS = [
  ['clientId', 'subscription.client-id'],
  ['topicFilter', 'subscription.topic-filter'],
  ['qos', 'subscription.qos'],
  ['noLocal', 'subscription.no-local'],
  ['retainAsPublish', 'subscription.retain-as-published'],
  ['retainHandling', 'subscription.retain-handling'],
  ['subscriptionId', 'subscription.subscription-id'],
] as const satisfies readonly (readonly [GetAllSubscriptionsSortProperty, string])[];

/** QoS as the level people know, from the name TBMQ writes. */
const QOS_LEVELS: Record<SubscriptionQos, number> = { AT_MOST_ONCE: 0, AT_LEAST_ONCE: 1, EXACTLY_ONCE: 2 };

/** The sessions page opens a session's details from this URL parameter. */
const sessionDetailsLink = (clientId: string) => `/sessions?session=${encodeURIComponent(clientId)}`;

interface SubscriptionsTableProps {
  subscriptions: SubscriptionInfo[];
  /** A newer page is on its way: the rows shown are the previous ones. */
  refreshing: boolean;
  sort: SortState<GetAllSubscriptionsSortProperty>;
  onSort: (property: GetAllSubscriptionsSortProperty) => void;
}

/** Every client's subscriptions, one row each, the client linking to its session's details. */
export function SubscriptionsTable({ subscriptions, refreshing, sort, onSort }: SubscriptionsTableProps) {
  return (
    // Narrow screens scroll the table sideways rather than squeezing its columns.
    <div className="subscriptions-table__scroll">
      <HTMLTable compact striped className={refreshing ? 'subscriptions-table subscriptions-table--refreshing' : 'subscriptions-table'} aria-busy={refreshing}>
        <thead>
          <tr>
            {COLUMNS.map(([property, label]) => (
              <SortableColumnHeader key={property} property={property} sort={sort} onSort={onSort}>
                <FormattedMessage id={label} />
              </SortableColumnHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {subscriptions.map(({ clientId, subscription }) => (
            <tr key={`${clientId} ${subscription.topicFilter}`} data-testid="subscription-row">
              <td className="subscriptions-table__client-id">
                <Link href={sessionDetailsLink(clientId)}>{clientId}</Link>
              </td>
              <td>
                <code>{subscription.topicFilter}</code>
              </td>
              <td>{QOS_LEVELS[subscription.qos]}</td>
              <td>
                <FormattedMessage id={subscription.options.noLocal ? 'common.yes' : 'common.no'} />
              </td>
              <td>
                <FormattedMessage id={subscription.options.retainAsPublish ? 'common.yes' : 'common.no'} />
              </td>
              <td>{subscription.options.retainHandling}</td>
              <td>{subscription.subscriptionId ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
