import { FormattedNumber } from 'react-intl';
import type { KafkaTopicSortProperty } from '../../api/generated/model/kafkaTopicSortProperty';
import type { KafkaTopic } from '../../api/generated/model/kafkaTopic';
import { DataSizeText } from '../../components/format/data-size-text';
import type { SortState } from '../../components/table/use-page-link';
import { KafkaTable } from './kafka-table';

interface KafkaTopicsTableProps {
  topics: KafkaTopic[];
  refreshing: boolean;
  sort: SortState<KafkaTopicSortProperty>;
  onSort: (property: KafkaTopicSortProperty) => void;
}

const COLUMNS = [
  ['name', 'kafka.topic-name'],
  ['partitions', 'kafka.partitions'],
  ['replicationFactor', 'kafka.replication-factor'],
  ['size', 'kafka.size'],
] as const;

/** BROKER-API.md, Kafka topics: name, partitions, replication factor and size, each column sortable. */
export function KafkaTopicsTable({ topics, refreshing, sort, onSort }: KafkaTopicsTableProps) {
  return (
    <KafkaTable columns={COLUMNS} sort={sort} onSort={onSort} refreshing={refreshing}>
      {topics.map((topic) => (
        <tr key={topic.name} data-testid="kafka-topic-row">
          <td className="kafka-table__name">{topic.name}</td>
          <td className="kafka-table__number">
            <FormattedNumber value={topic.partitions} />
          </td>
          <td className="kafka-table__number">
            <FormattedNumber value={topic.replicationFactor} />
          </td>
          <td className="kafka-table__number" title={`${topic.size}`}>
            <DataSizeText bytes={topic.size} />
          </td>
        </tr>
      ))}
    </KafkaTable>
  );
}
