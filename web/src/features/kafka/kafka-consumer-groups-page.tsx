import { Card, NonIdealState } from '@blueprintjs/core';
import { ManyToManyIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetKafkaConsumerGroupsV2QueryKey, useGetKafkaConsumerGroupsV2 } from '../../api/generated/endpoints/kafka/kafka';
import type { KafkaConsumerGroupSortProperty } from '../../api/generated/model/kafkaConsumerGroupSortProperty';
import { entityLabels } from '../../components/entity/entity-labels';
import { KAFKA_REQUEST, retryKafkaQuery } from '../../components/kafka/kafka-availability';
import { usePageLink } from '../../components/table/use-page-link';
import { DeleteConsumerGroupDialog } from './delete-consumer-group-dialog';
import { KafkaConsumerGroupsTable } from './kafka-consumer-groups-table';
import { KAFKA_REFRESH_MS, KafkaList } from './kafka-list';

/**
 * Spec section 2, /kafka/consumer-groups: the consumer groups of the broker's Kafka cluster with
 * state, members and lag; searched by id, sorted by any column; a group without members can be deleted.
 */
export default function KafkaConsumerGroupsPage() {
  const intl = useIntl();
  const pageLink = usePageLink<KafkaConsumerGroupSortProperty>({ property: 'groupId', order: 'ASC' });
  const groups = useGetKafkaConsumerGroupsV2(pageLink.params, {
    query: { queryKey: getGetKafkaConsumerGroupsV2QueryKey(pageLink.params), placeholderData: keepPreviousData, refetchInterval: KAFKA_REFRESH_MS, retry: retryKafkaQuery },
    request: KAFKA_REQUEST,
  });
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Card className="kafka-page">
      <KafkaList
        query={groups}
        pageLink={pageLink}
        searchLabel={intl.formatMessage(entityLabels.KAFKA_CONSUMER_GROUP.search)}
        empty={
          <NonIdealState
            icon={<ManyToManyIcon />}
            title={<FormattedMessage {...entityLabels.KAFKA_CONSUMER_GROUP.emptyText} />}
            description={<FormattedMessage id="kafka.consumer-groups-empty-hint" />}
          />
        }
      >
        {(rows, refreshing) => <KafkaConsumerGroupsTable groups={rows} refreshing={refreshing} sort={pageLink.sort} onSort={pageLink.toggleSort} onDelete={setDeleting} />}
      </KafkaList>
      <DeleteConsumerGroupDialog groupId={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
