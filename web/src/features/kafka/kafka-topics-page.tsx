import { Card, NonIdealState } from '@blueprintjs/core';
import { ListIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetKafkaTopicsV2QueryKey, useGetKafkaTopicsV2 } from '../../api/generated/endpoints/kafka/kafka';
import type { KafkaTopicSortProperty } from '../../api/generated/model/kafkaTopicSortProperty';
import { entityLabels } from '../../components/entity/entity-labels';
import { KAFKA_REQUEST, retryKafkaQuery } from '../../components/kafka/kafka-availability';
import { usePageLink } from '../../components/table/use-page-link';
import { KAFKA_REFRESH_MS, KafkaList } from './kafka-list';
import { KafkaTopicsTable } from './kafka-topics-table';

/**
 * Spec section 2, /kafka/topics: the topics of the broker's Kafka cluster with partitions,
 * replication factor and size on disk; searched by name, sorted by any column.
 */
export default function KafkaTopicsPage() {
  const intl = useIntl();
  const pageLink = usePageLink<KafkaTopicSortProperty>({ property: 'name', order: 'ASC' });
  const topics = useGetKafkaTopicsV2(pageLink.params, {
    query: { queryKey: getGetKafkaTopicsV2QueryKey(pageLink.params), placeholderData: keepPreviousData, refetchInterval: KAFKA_REFRESH_MS, retry: retryKafkaQuery },
    request: KAFKA_REQUEST,
  });
  return (
    <Card className="kafka-page">
      <KafkaList
        query={topics}
        pageLink={pageLink}
        searchLabel={intl.formatMessage(entityLabels.KAFKA_TOPIC.search)}
        empty={<NonIdealState icon={<ListIcon />} title={<FormattedMessage {...entityLabels.KAFKA_TOPIC.emptyText} />} description={<FormattedMessage id="kafka.topics-empty-hint" />} />}
      >
        {(rows, refreshing) => <KafkaTopicsTable topics={rows} refreshing={refreshing} sort={pageLink.sort} onSort={pageLink.toggleSort} />}
      </KafkaList>
    </Card>
  );
}
