import { Button, type Intent, Tag } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { KafkaConsumerGroupSortProperty } from '../../api/generated/model/kafkaConsumerGroupSortProperty';
import type { KafkaConsumerGroup } from '../../api/generated/model/kafkaConsumerGroup';
import { TABLE_ACTIONS_CLASS } from '../../components/table/actions-column-header';
import type { SortState } from '../../components/table/use-page-link';
import { KafkaTable } from './kafka-table';
import { ChangeAction } from '../../components/roles/change-action';

interface KafkaConsumerGroupsTableProps {
  groups: KafkaConsumerGroup[];
  refreshing: boolean;
  sort: SortState<KafkaConsumerGroupSortProperty>;
  onSort: (property: KafkaConsumerGroupSortProperty) => void;
  onDelete: (groupId: string) => void;
}

const COLUMNS = [
  ['groupId', 'kafka.group-id'],
  ['state', 'kafka.state'],
  ['members', 'kafka.members'],
  ['lag', 'kafka.lag'],
] as const;

/** How a group's state looks: settled green, rebalancing amber, dead red, empty plain. */
const STATE_INTENTS: Record<string, Intent> = { STABLE: 'success', PREPARING_REBALANCE: 'warning', COMPLETING_REBALANCE: 'warning', DEAD: 'danger' };

function ConsumerGroupStateTag({ state }: { state: string }) {
  return (
    <Tag minimal intent={STATE_INTENTS[state] ?? 'none'}>
      <FormattedMessage id="kafka.group-state" values={{ state }} />
    </Tag>
  );
}

/** BROKER-API.md, Kafka consumer groups: id, state, members and lag, each column sortable, and a delete for groups without members. */
export function KafkaConsumerGroupsTable({ groups, refreshing, sort, onSort, onDelete }: KafkaConsumerGroupsTableProps) {
  const intl = useIntl();
  return (
    <KafkaTable columns={COLUMNS} sort={sort} onSort={onSort} refreshing={refreshing} withActions>
      {groups.map((group) => {
        const label = intl.formatMessage({ id: 'kafka.delete-group' }, { groupId: group.groupId });
        // Kafka refuses to delete a group while consumers are in it: say so rather than offer it.
        const blocked = group.members > 0 ? intl.formatMessage({ id: 'kafka.delete-group-has-members' }, { count: group.members }) : undefined;
        return (
          <tr key={group.groupId} data-testid="kafka-group-row">
            <td className="kafka-table__name">{group.groupId}</td>
            <td>
              <ConsumerGroupStateTag state={group.state} />
            </td>
            <td className="kafka-table__number">
              <FormattedNumber value={group.members} />
            </td>
            <td className="kafka-table__number">
              <FormattedNumber value={group.lag} />
            </td>
            <td className={TABLE_ACTIONS_CLASS}>
              <span title={blocked ?? label}>
                <ChangeAction>
                  <Button
                    variant="minimal"
                    size="small"
                    icon={<TrashIcon />}
                    aria-label={label}
                    aria-description={blocked}
                    disabled={blocked !== undefined}
                    onClick={() => onDelete(group.groupId)}
                    data-testid="kafka-group-delete"
                  />
                </ChangeAction>
              </span>
            </td>
          </tr>
        );
      })}
    </KafkaTable>
  );
}
