import { HTMLTable } from '@blueprintjs/core';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { GetClientSubscriptionsSortProperty } from '../../api/generated/model/getClientSubscriptionsSortProperty';
import type { SharedSubscriptionGroup } from '../../api/generated/model/sharedSubscriptionGroup';
import { SortableColumnHeader } from '../../components/table/sortable-column-header';
import type { SortState } from '../../components/table/use-page-link';
import { SharedSubscriptionMemberChip } from './shared-subscription-member-chip';

interface SharedSubscriptionGroupsTableProps {
  groups: SharedSubscriptionGroup[];
  refreshing: boolean;
  sort: SortState<GetClientSubscriptionsSortProperty>;
  onSort: (property: GetClientSubscriptionsSortProperty) => void;
}

/** BROKER-API.md, shared subscriptions → groups: share name, topic filter and member chips. */
export function SharedSubscriptionGroupsTable({ groups, refreshing, sort, onSort }: SharedSubscriptionGroupsTableProps) {
  return (
    <div className="shared-groups__scroll">
      <HTMLTable compact striped className={refreshing ? 'shared-groups shared-groups--refreshing' : 'shared-groups'} aria-busy={refreshing}>
        <thead>
          <tr>
            <SortableColumnHeader property="shareName" sort={sort} onSort={onSort}>
              <FormattedMessage id="shared-subscription.share-name" />
            </SortableColumnHeader>
            <SortableColumnHeader property="topicFilter" sort={sort} onSort={onSort}>
              <FormattedMessage id="shared-subscription.topic-filter" />
            </SortableColumnHeader>
            <th>
              <FormattedMessage id="shared-subscription.members" />
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={`${group.shareName}/${group.topicFilter}`} data-testid="shared-group-row">
              <td className="shared-groups__name">{group.shareName}</td>
              <td>
                <code>{group.topicFilter}</code>
              </td>
              <td>
                <div className="shared-groups__members">
                  <span className="shared-groups__count">
                    <FormattedNumber value={group.clients.length} />
                  </span>
                  {group.clients.map((member) => (
                    <SharedSubscriptionMemberChip key={member.clientId} member={member} />
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
